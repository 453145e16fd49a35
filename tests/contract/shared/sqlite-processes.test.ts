import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTeam } from '../../../application/teams/create-team';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { loadConfig } from '../../../bootstrap/config';
import { buildRuntime } from '../../../bootstrap/container';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';

const writer = (file: string, teamId: string, count: number) =>
  new Promise<{ failed: string[] }>((resolve, reject) => {
    const child = spawn(process.execPath, [
      '--require',
      'tsx/cjs',
      join(__dirname, '..', '..', 'support', 'sqlite-writer.ts'),
      file,
      teamId,
      String(count),
    ]);
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`writer said: ${out}`));
      }
    });
  });

describe('SQLite shared by several server processes', function () {
  this.timeout(60000);

  it('lets concurrent write transactions of two processes queue instead of failing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-procs-'));
    const file = join(dir, 'db.sqlite');
    const runtime = buildRuntime({ ...loadConfig({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' }) });
    try {
      await runtime.migrate();
      const { team } = await runtime.container.get(CreateTeam).execute({ name: 'Shared' });
      // Each creation reads (quota, duplicates) before it writes: the pattern that fails when a
      // transaction upgrades to a writer after another process has written.
      const results = await Promise.all([writer(file, team.id, 300), writer(file, team.id, 300)]);
      expect(results.flatMap((r) => r.failed)).to.deep.equal([]);
      expect(await runtime.container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository).countActive({ teamId: team.id })).to.equal(600);
    } finally {
      await runtime.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
