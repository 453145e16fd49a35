// `workspace-admin import`, run in-process against each backend as the binary runs it.
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { progressBar } from '../../adapters/cli/imports/import-commands';
import { runCli } from '../../adapters/cli/cli';
import { ImportData } from '../../domain/imports/import';
import { operatorCommands } from '../../bootstrap/cli-main';
import { backendNames } from '../support/backends';
import { HttpEnv, forEachHttpBackend } from '../support/http';
import { excelPtBrClients, sheetFile } from '../support/sheet-fixtures';

const admin = async (env: HttpEnv, ...argv: string[]) => {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    operatorCommands(env.runtime.container, () => env.runtime),
    { out: (t) => (out += t), err: (t) => (err += t) },
  );
  return { code, out, err, json: argv.includes('--json') && out ? JSON.parse(out) : undefined };
};

forEachHttpBackend(
  'workspace-admin import',
  (env) => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'import-cli-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));
    const file = (name: string, bytes: Buffer): string => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    };

    it('imports an Excel pt-BR file to the end and prints the report; a dry run first writes nothing', async () => {
      const team = await env().team();
      const path = file('clientes.csv', excelPtBrClients());
      const rehearsal = await admin(env(), 'import', '--team', team.teamId, '--resource', 'clients', '--file', path, '--dry-run', '--json');
      expect(rehearsal.code, rehearsal.err).to.equal(0);
      expect(rehearsal.json).to.deep.include({ status: 'succeeded', dry_run: true, failed_rows: [] });
      expect(rehearsal.json.totals).to.include({ rows: 3, created: 3 });
      expect((await env().request.get('/api/v1/clients').set(team.auth)).body.data).to.have.length(0);

      const real = await admin(env(), 'import', '--team', team.teamId, '--resource', 'clients', '--file', path, '--json');
      expect(real.code, real.err).to.equal(0);
      expect(real.json).to.deep.include({ status: 'succeeded', dry_run: false });
      expect(real.json.file).to.include({ name: 'clientes.csv', encoding: 'windows-1252', separator: ';' });
      const clients = (await env().request.get('/api/v1/clients').set(team.auth)).body.data;
      expect(clients.map((c: { name: string }) => c.name).sort()).to.deep.equal(['Ana Lúcia', 'João Pereira', 'MARIA DA CONCEIÇÃO']);
    });

    it('lists the rows it could not write, with the row as read and why, and updates on --on-duplicate update', async () => {
      const team = await env().team();
      const path = file('com-erros.csv', sheetFile(['Nome;CPF;Cidade', ';529.982.247-25;Recife', 'Conceição;529.982.247-25;Olinda']));
      const first = await admin(env(), 'import', '--team', team.teamId, '--resource', 'clients', '--file', path, '--json');
      expect(first.code, first.err).to.equal(0);
      expect(first.json.totals).to.include({ created: 1, failed: 1 });
      expect(first.json.failed_rows).to.have.length(1);
      expect(first.json.failed_rows[0]).to.deep.include({
        line: 2,
        status: 'failed',
        row: { Nome: '', CPF: '529.982.247-25', Cidade: 'Recife' },
      });
      expect(first.json.failed_rows[0].problems[0]).to.include({ level: 'error', field: 'name' });

      const update = file('atualiza.csv', sheetFile(['Nome;CPF;Cidade', 'Conceição;52998224725;Recife']));
      const again = await admin(
        env(),
        'import',
        '--team',
        team.teamId,
        '--resource',
        'clients',
        '--file',
        update,
        '--on-duplicate',
        'update',
        '--json',
      );
      expect(again.json.totals).to.include({ updated: 1, created: 0 });
      const [client] = (await env().request.get('/api/v1/clients').set(team.auth)).body.data;
      expect(client.address.city).to.equal('Recife');
    });

    it('refuses a file that is not there, a lead import without a project and a file it cannot read, exiting 1', async () => {
      const team = await env().team();
      const missing = await admin(env(), 'import', '--team', team.teamId, '--resource', 'clients', '--file', join(dir, 'nada.csv'));
      expect(missing.code).to.equal(1);
      expect(missing.err).to.match(/nada\.csv is not a file/);
      const path = file('leads.csv', sheetFile(['Nome;Telefone', 'Ana;11987654321']));
      const noProject = await admin(env(), 'import', '--team', team.teamId, '--resource', 'leads', '--file', path);
      expect(noProject.code).to.equal(1);
      expect(noProject.err).to.match(/--project is required/);
      const empty = await admin(
        env(),
        'import',
        '--team',
        team.teamId,
        '--resource',
        'clients',
        '--file',
        file('vazio.csv', Buffer.alloc(0)),
      );
      expect(empty.code).to.equal(1);
      expect(empty.err).to.match(/empty/i);
      const badMapping = await admin(env(), 'import', '--team', team.teamId, '--resource', 'clients', '--file', path, '--mapping', '[1]');
      expect(badMapping.code).to.equal(1);
      expect(badMapping.err).to.match(/--mapping must be a JSON object/);
    });
  },
  backendNames(),
);

describe('import progress bar', () => {
  const at = (rows: number, created: number): ImportData =>
    ({ totals: { rows, created, updated: 0, unchanged: 0, skipped: 0, failed: 0 } }) as unknown as ImportData;

  it('redraws one line on a terminal and ends it once', () => {
    const written: string[] = [];
    const bar = progressBar({ isTTY: true, columns: 60, write: (t) => written.push(t) });
    bar.update(at(200, 50));
    bar.update(at(200, 200));
    bar.end();
    expect(written[0]).to.match(/^\r\[#{5}-{15}\] {2}25 % 50 \/ 200 rows$/);
    expect(written[1]).to.match(/^\r\[#{20}\] 100 % 200 \/ 200 rows$/);
    expect(written.slice(2)).to.deep.equal(['\n']);
  });

  it('draws nothing when the output is not a terminal (a script reads the report only)', () => {
    const written: string[] = [];
    const bar = progressBar({ isTTY: false, write: (t) => written.push(t) });
    bar.update(at(10, 5));
    bar.end();
    expect(written).to.deep.equal([]);
  });
});
