// Spreadsheets as Excel in Portuguese, Google Sheets, LibreOffice and a CRM save them, imported on every
// backend: what the API reads back is what a person reading the sheet expects.
import { expect } from 'chai';
import { RunImports } from '../../../application/imports/run-imports';
import { backendNames } from '../../support/backends';
import { HttpEnv, TestTeam, forEachHttpBackend } from '../../support/http';
import {
  CRM_FIRST_NOTE,
  crmLeadsWithNotes,
  excelPtBrClients,
  googleSheetsClients,
  libreOfficeClients,
  sheetFile,
  tsvLeads,
} from '../../support/sheet-fixtures';

type Json = Record<string, any>;

async function imported(env: HttpEnv, team: TestTeam, options: Json, file: Buffer): Promise<Json> {
  const res = await env.request
    .post('/api/v1/imports')
    .set(team.auth)
    .field('options', JSON.stringify(options))
    .attach('file', file, { filename: 'planilha.csv', contentType: 'text/csv' });
  expect(res.status, JSON.stringify(res.body)).to.equal(202);
  await env.runtime.container.get(RunImports).runPending();
  const done = (await env.request.get(`/api/v1/imports/${res.body.data.id}`).set(team.auth).expect(200)).body.data;
  expect(done.status, JSON.stringify(done)).to.equal('succeeded');
  return done;
}

const clientsOf = async (env: HttpEnv, team: TestTeam): Promise<Json[]> =>
  (await env.request.get('/api/v1/clients').query({ limit: 100, sort: 'full_name' }).set(team.auth).expect(200)).body.data;

const leadsOf = async (env: HttpEnv, team: TestTeam, projectId: string): Promise<Json[]> =>
  (await env.request.get(`/api/v1/projects/${projectId}/leads`).query({ limit: 100 }).set(team.auth).expect(200)).body.data;

const byName = (records: Json[], name: string, key = 'name'): Json => {
  const found = records.find((r) => r[key] === name);
  expect(found, `${name} in ${JSON.stringify(records.map((r) => r[key]))}`).to.not.equal(undefined);
  return found!;
};

forEachHttpBackend(
  'Imports of real exports',
  (env) => {
    it('reads an Excel pt-BR sheet (Windows-1252, `;`, a title line) as the people it lists', async () => {
      const team = await env().team();
      const done = await imported(env(), team, { resource: 'clients' }, excelPtBrClients());
      expect(done.totals).to.deep.equal({ rows: 3, created: 3, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
      const clients = await clientsOf(env(), team);
      expect(clients).to.have.length(3);
      expect(byName(clients, 'MARIA DA CONCEIÇÃO')).to.deep.include({
        type: 'PF',
        email: 'maria@example.com',
        phone: '(11) 98765-4321',
        cpf: '52998224725',
        birth_date: '1990-12-31',
        notes: 'Cliente desde 2019',
      });
      expect(byName(clients, 'MARIA DA CONCEIÇÃO').address).to.include({ city: 'São Paulo', state: 'SP' });
      expect(byName(clients, 'João Pereira')).to.deep.include({ cpf: '12345678909', birth_date: '1985-02-01', email: null });
      expect(byName(clients, 'João Pereira').address).to.include({ city: 'Conceição do Mato Dentro', state: 'MG' });
      expect(byName(clients, 'Ana Lúcia')).to.deep.include({ cpf: null, phone: '+55 21 987654321', notes: 'Prefere WhatsApp' });
    });

    it('reads a Google Sheets export (UTF-8, English headers, quoted commas): a company by its CNPJ, tags split', async () => {
      const team = await env().team();
      await imported(env(), team, { resource: 'clients' }, googleSheetsClients());
      const clients = await clientsOf(env(), team);
      const padaria = byName(clients, 'Padaria Pão Quente Ltda');
      expect(padaria).to.deep.include({ type: 'PJ', cnpj: '11222333000181', trade_name: 'Pão Quente', email: 'contato@paoquente.com.br' });
      expect(padaria.tags).to.deep.equal(['varejo', 'padaria']);
      expect(padaria.address).to.include({ street: 'Rua das Flores, 10', city: 'São Paulo', state: 'SP' });
      expect(byName(clients, 'Carlos Souza')).to.deep.include({ type: 'PF', cnpj: null, email: 'carlos@example.com' });
    });

    it('reads a LibreOffice export with its BOM: day-first and ISO dates, the state upper-cased', async () => {
      const team = await env().team();
      await imported(env(), team, { resource: 'clients' }, libreOfficeClients());
      const clients = await clientsOf(env(), team);
      expect(byName(clients, 'José Antônio')).to.deep.include({ mobile_phone: '(31) 99876-5432', birth_date: '1980-05-20' });
      expect(byName(clients, 'José Antônio').address).to.include({ zip_code: '30130-000', city: 'Belo Horizonte' });
      expect(byName(clients, 'Luíza Gonçalves')).to.deep.include({ cpf: '11144477735', birth_date: '1990-12-31' });
      expect(byName(clients, 'Luíza Gonçalves').address).to.include({ state: 'MG' });
    });

    it("reads a CRM's lead export with quoted notes over several lines, and a TSV, into a project", async () => {
      const team = await env().team();
      const project = (await env().request.post('/api/v1/projects').set(team.auth).send({ name: 'Vendas' }).expect(201)).body.data;
      await imported(env(), team, { resource: 'leads', project_id: project.id }, crmLeadsWithNotes());
      await imported(env(), team, { resource: 'leads', project_id: project.id }, tsvLeads());
      const leads = await leadsOf(env(), team, project.id);
      expect(byName(leads, 'Fernanda Lima', 'full_name')).to.deep.include({
        email: 'fernanda@example.com',
        phone: '+5511987654321',
        notes: CRM_FIRST_NOTE,
        customer_source: 'Instagram',
        company_name: 'Lima & Filhos',
      });
      expect(byName(leads, 'Fernanda Lima', 'full_name').tags).to.deep.equal(['quente', 'vip']);
      expect(byName(leads, 'Roberto Dias', 'full_name')).to.deep.include({
        phone: '+5511912345678',
        email: null,
        customer_source: 'Indicação',
      });
      // The TSV's Paula Reis has Fernanda's phone: the project's contact already, so skipped.
      expect(leads.map((l) => l.full_name).sort()).to.deep.equal(['Fernanda Lima', 'Marcos Alves', 'Roberto Dias']);
    });

    it('makes one lead of a person written three ways, and one client of a CPF with and without its dots', async () => {
      const team = await env().team();
      const project = (await env().request.post('/api/v1/projects').set(team.auth).send({ name: 'Site' }).expect(201)).body.data;
      const leadsSheet = sheetFile([
        'Nome;Telefone',
        'Conceição Araújo;(11) 98765-4321',
        'CONCEIÇÃO ARAÚJO;11987654321',
        'Conceição;+55 11 8765-4321',
      ]);
      const leadsDone = await imported(env(), team, { resource: 'leads', project_id: project.id }, leadsSheet);
      expect(leadsDone.totals).to.deep.include({ rows: 3, created: 1, skipped: 2, failed: 0 });
      expect(await leadsOf(env(), team, project.id)).to.have.length(1);

      const clientsSheet = sheetFile(['Nome;CPF', 'Maria Silva;529.982.247-25', 'Maria da Silva;52998224725']);
      const clientsDone = await imported(env(), team, { resource: 'clients' }, clientsSheet);
      expect(clientsDone.totals).to.deep.include({ rows: 2, created: 1, skipped: 1 });
      expect((await clientsOf(env(), team)).map((c) => c.name)).to.deep.equal(['Maria Silva']);
    });

    it('rehearses a sheet without writing, reports what the real run then does, and creates nothing the second time', async () => {
      const team = await env().team();
      const sheet = sheetFile([
        'Nome;CPF;E-mail',
        'Maria Silva;529.982.247-25;',
        'Maria S.;52998224725;',
        'Ana;;ANA@example.com',
        'Ana Paula;;ana@example.com',
      ]);
      const rehearsal = await imported(env(), team, { resource: 'clients', dry_run: true }, sheet);
      expect(rehearsal).to.deep.include({ dry_run: true });
      expect(rehearsal.totals).to.deep.equal({ rows: 4, created: 2, updated: 0, unchanged: 0, skipped: 2, failed: 0 });
      expect(await clientsOf(env(), team)).to.have.length(0);

      const real = await imported(env(), team, { resource: 'clients' }, sheet);
      expect(real.totals).to.deep.equal(rehearsal.totals);
      const again = await imported(env(), team, { resource: 'clients' }, sheet);
      expect(again.totals).to.deep.include({ created: 0, skipped: 4 });
      expect(await clientsOf(env(), team)).to.have.length(2);
    });

    it('answers a spreadsheet saved as .xlsx, an unclosed quote and a row longer than its header clearly, never with a 5xx', async () => {
      const team = await env().team();
      const send = (file: Buffer) =>
        env()
          .request.post('/api/v1/imports')
          .set(team.auth)
          .field('options', JSON.stringify({ resource: 'clients' }))
          .attach('file', file, { filename: 'planilha.csv', contentType: 'text/csv' });
      // An .xlsx is a ZIP archive: PK\x03\x04, then binary.
      const xlsx = await send(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
      expect(xlsx.status).to.equal(400);
      expect(xlsx.body.error.details).to.deep.include({ field: 'file', reason: 'binary' });
      expect(xlsx.body.error.message).to.match(/CSV/);
      const unclosed = await send(sheetFile(['Nome;Observações', 'Ana;"começa aqui', 'Bia;ok']));
      expect(unclosed.status).to.equal(400);
      expect(unclosed.body.error.details).to.deep.include({ field: 'file', reason: 'unclosed_quote', line: 2 });
      const longer = await imported(env(), team, { resource: 'clients' }, sheetFile(['Nome;Cidade', 'Ana;Recife;PE;extra', 'Bia;Olinda']));
      expect(longer.totals).to.deep.include({ rows: 2, created: 1, failed: 1 });
      const failed = (await env().request.get(`/api/v1/imports/${longer.id}/rows`).query({ status: 'failed' }).set(team.auth).expect(200))
        .body.data;
      expect(failed).to.have.length(1);
      expect(failed[0].line).to.equal(2);
      expect(failed[0].problems[0].message).to.match(/4 values but the header has 2 columns/);
    });
  },
  backendNames(),
);
