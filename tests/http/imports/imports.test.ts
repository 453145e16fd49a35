import { expect } from 'chai';
import { ArchiveProject } from '../../../application/projects/archive-project';
import { RunImports } from '../../../application/imports/run-imports';
import { BackendName, backendNames, startRuntime } from '../../support/backends';
import { HttpEnv, TestTeam, forEachHttpBackend, httpEnvOf } from '../../support/http';
import { crmLeadsWithNotes, excelPtBrClients, sheetFile } from '../../support/sheet-fixtures';

type Json = Record<string, any>;

/** POST /imports with the options part first, then the file part. */
const upload = (env: HttpEnv, team: TestTeam, options: Json | string, file: Buffer | null, name = 'clientes.csv') => {
  let req = env.request.post('/api/v1/imports').set(team.auth);
  req = req.field('options', typeof options === 'string' ? options : JSON.stringify(options));
  if (file) req = req.attach('file', file, { filename: name, contentType: 'text/csv' });
  return req;
};

/** Runs what the background would (tests run no background work), then reads the import. */
const runAndRead = async (env: HttpEnv, team: TestTeam, id: string): Promise<Json> => {
  await env.runtime.container.get(RunImports).runPending();
  const res = await env.request.get(`/api/v1/imports/${id}`).set(team.auth).expect(200);
  return res.body.data;
};

const clientsOf = async (env: HttpEnv, team: TestTeam): Promise<Json[]> =>
  (await env.request.get('/api/v1/clients').query({ limit: 100 }).set(team.auth).expect(200)).body.data;

forEachHttpBackend(
  'File imports',
  (env) => {
    it('accepts an Excel pt-BR client file (Windows-1252, `;`, a title line) with 202, and runs it to its records', async () => {
      const team = await env().team();
      const res = await upload(env(), team, { resource: 'clients' }, excelPtBrClients());
      expect(res.status, JSON.stringify(res.body)).to.equal(202);
      const created = res.body.data;
      expect(res.headers.location).to.equal(`/api/v1/imports/${created.id}`);
      expect(created).to.deep.include({
        resource: 'clients',
        project_id: null,
        status: 'queued',
        dry_run: false,
        on_duplicate: 'skip',
        error: null,
      });
      expect(created.file).to.deep.include({ name: 'clientes.csv', encoding: 'windows-1252', separator: ';', header_line: 2 });
      expect(created.file.columns[0]).to.deep.equal({ header: 'Nome', field: 'name' });
      expect(created.totals).to.deep.equal({ rows: 3, created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
      expect(created.progress).to.deep.equal({ processed: 0, total: 3, percent: 0 });

      const done = await runAndRead(env(), team, created.id);
      expect(done.status).to.equal('succeeded');
      expect(done.progress).to.deep.equal({ processed: 3, total: 3, percent: 100 });
      expect(done.started_at).to.be.a('string');
      expect(done.finished_at).to.be.a('string');
      const clients = await clientsOf(env(), team);
      expect(clients).to.have.length(done.totals.created);
      const maria = clients.find((c) => c.email === 'maria@example.com');
      expect(maria, JSON.stringify(clients)).to.not.equal(undefined);
      expect(maria!.name.toLowerCase()).to.include('conceição');
      expect(clients.find((c) => c.email === 'ana@example.com')).to.not.equal(undefined);

      const rows = (await env().request.get(`/api/v1/imports/${created.id}/rows`).set(team.auth).expect(200)).body;
      expect(rows.pagination.total).to.equal(3);
      expect(rows.data.map((r: Json) => r.line)).to.deep.equal([3, 4, 6]);
      expect(rows.data[0].row).to.deep.include({ Nome: 'MARIA DA CONCEIÇÃO', 'E-mail': 'maria@example.com', Cidade: 'São Paulo' });
      expect(rows.data[0]).to.deep.include({ status: 'created', record_id: maria!.id });

      const list = (await env().request.get('/api/v1/imports').set(team.auth).expect(200)).body;
      expect(list.data.map((i: Json) => i.id)).to.deep.equal([created.id]);
    });

    it('lists the failed rows with their problems, and skips every row the second time the same file comes', async () => {
      const team = await env().team();
      const file = sheetFile(['Nome,E-mail', 'Ana,ana@example.com', ',sem-nome@example.com', 'Bia,bia@example.com']);
      const first = (await upload(env(), team, { resource: 'clients' }, file).expect(202)).body.data;
      const done = await runAndRead(env(), team, first.id);
      expect(done.totals).to.deep.include({ rows: 3, created: 2, failed: 1 });
      const failed = (await env().request.get(`/api/v1/imports/${first.id}/rows`).query({ status: 'failed' }).set(team.auth).expect(200))
        .body;
      expect(failed.pagination.total).to.equal(1);
      expect(failed.data[0]).to.deep.include({ line: 3, status: 'failed', record_id: null });
      expect(failed.data[0].problems[0]).to.deep.include({ level: 'error' });

      const again = (await upload(env(), team, { resource: 'clients', on_duplicate: 'skip' }, file).expect(202)).body.data;
      const second = await runAndRead(env(), team, again.id);
      expect(second.totals).to.deep.include({ created: 0, skipped: 2, failed: 1 });
      expect(await clientsOf(env(), team)).to.have.length(2);
    });

    it('rehearses a dry run: counts what it would do and writes nothing', async () => {
      const team = await env().team();
      const res = await upload(env(), team, { resource: 'clients', dry_run: true }, excelPtBrClients()).expect(202);
      const done = await runAndRead(env(), team, res.body.data.id);
      expect(done).to.deep.include({ status: 'succeeded', dry_run: true });
      expect(done.totals.created).to.be.greaterThan(0);
      expect(await clientsOf(env(), team)).to.have.length(0);
    });

    it('imports a lead file into a project, and refuses an unknown project with 404 and an archived one with 409', async () => {
      const team = await env().team();
      const project = (await env().request.post('/api/v1/projects').set(team.auth).send({ name: 'Leads' }).expect(201)).body.data;
      const res = await upload(env(), team, { resource: 'leads', project_id: project.id }, crmLeadsWithNotes(), 'leads.csv').expect(202);
      const done = await runAndRead(env(), team, res.body.data.id);
      expect(done).to.deep.include({ status: 'succeeded', project_id: project.id });
      expect(done.totals).to.deep.include({ rows: 2, created: 2, skipped: 0 });
      const leads = (await env().request.get(`/api/v1/projects/${project.id}/leads`).set(team.auth).expect(200)).body.data;
      expect(leads.map((l: Json) => l.full_name).sort()).to.deep.equal(['Fernanda Lima', 'Roberto Dias']);

      const missing = await upload(env(), team, { resource: 'leads' }, crmLeadsWithNotes());
      expect(missing.status).to.equal(400);
      expect(missing.body.error.details.field).to.equal('project_id');
      const unknown = await upload(
        env(),
        team,
        { resource: 'leads', project_id: '0190b000-0000-7000-8000-000000000999' },
        crmLeadsWithNotes(),
      );
      expect(unknown.status).to.equal(404);
      expect(unknown.body.error.details.field).to.equal('project_id');
      const archived = (await env().request.post('/api/v1/projects').set(team.auth).send({ name: 'Arquivado' }).expect(201)).body.data;
      await env().runtime.container.get(ArchiveProject).execute({ id: archived.id });
      const refused = await upload(env(), team, { resource: 'leads', project_id: archived.id }, crmLeadsWithNotes());
      expect(refused.status).to.equal(409);
      expect(refused.body.error.code).to.equal('PROJECT_ARCHIVED');
    });

    it('refuses a request without a file part, options that are not JSON, an empty file, and a body that is not multipart', async () => {
      const team = await env().team();
      const noFile = await upload(env(), team, { resource: 'clients' }, null);
      expect(noFile.status).to.equal(400);
      expect(noFile.body.error.details.field).to.equal('file');
      const noOptions = await env().request.post('/api/v1/imports').set(team.auth).attach('file', excelPtBrClients(), 'a.csv');
      expect(noOptions.status).to.equal(400);
      expect(noOptions.body.error.details.field).to.equal('options');
      const badJson = await upload(env(), team, '{resource:', excelPtBrClients());
      expect(badJson.status).to.equal(400);
      expect(badJson.body.error.details.field).to.equal('options');
      const badOption = await upload(env(), team, { resource: 'deals' }, excelPtBrClients());
      expect(badOption.status).to.equal(400);
      expect(badOption.body.error.details.field).to.equal('resource');
      const empty = await upload(env(), team, { resource: 'clients' }, Buffer.alloc(0));
      expect(empty.status, JSON.stringify(empty.body)).to.equal(400);
      expect(empty.body.error.details).to.deep.include({ field: 'file', reason: 'empty' });
      const headerOnly = await upload(env(), team, { resource: 'clients' }, sheetFile(['Nome,E-mail']));
      expect(headerOnly.status).to.equal(400);
      expect(headerOnly.body.error.details).to.deep.include({ field: 'file', reason: 'no_data_rows' });
      const json = await env().request.post('/api/v1/imports').set(team.auth).send({ resource: 'clients' });
      expect(json.status).to.equal(415);
      expect(json.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
      // Nothing of a refused file is kept.
      expect((await env().request.get('/api/v1/imports').set(team.auth).expect(200)).body.pagination.total).to.equal(0);
    });

    it("answers 404 for another team's import and its rows", async () => {
      const team = await env().team();
      const other = await env().team();
      const created = (await upload(env(), team, { resource: 'clients' }, excelPtBrClients()).expect(202)).body.data;
      await env().request.get(`/api/v1/imports/${created.id}`).set(other.auth).expect(404);
      await env().request.get(`/api/v1/imports/${created.id}/rows`).set(other.auth).expect(404);
      expect((await env().request.get('/api/v1/imports').set(other.auth).expect(200)).body.data).to.deep.equal([]);
    });
  },
  backendNames(),
);

for (const backend of ['memory', 'sqlite'] as BackendName[]) {
  describe(`File import limits [${backend}]`, () => {
    let runtime: Awaited<ReturnType<typeof startRuntime>> | undefined;
    let env: HttpEnv;
    before(async function () {
      this.timeout(60000);
      runtime = await startRuntime(backend, { imports: { maxBytes: 2048, maxRows: 3 } });
      env = httpEnvOf(runtime);
    });
    after(async () => runtime?.dispose());

    it('refuses a file with more rows than IMPORT_MAX_ROWS with 400 too_many_rows', async () => {
      const team = await env.team();
      const res = await upload(env, team, { resource: 'clients' }, sheetFile(['Nome', 'A', 'B', 'C', 'D', 'E']));
      expect(res.status, JSON.stringify(res.body)).to.equal(400);
      expect(res.body.error.details).to.deep.include({ field: 'file', reason: 'too_many_rows' });
    });

    it('refuses a file larger than IMPORT_MAX_BYTES with 413, and keeps nothing of it', async () => {
      const team = await env.team();
      const big = sheetFile(['Nome', ...Array.from({ length: 400 }, (_, i) => `Cliente número ${i}`)]);
      const res = await upload(env, team, { resource: 'clients' }, big);
      expect(res.status, JSON.stringify(res.body)).to.equal(413);
      expect(res.body.error.code).to.equal('PAYLOAD_TOO_LARGE');
      expect((await env.request.get('/api/v1/imports').set(team.auth).expect(200)).body.pagination.total).to.equal(0);
    });
  });
}
