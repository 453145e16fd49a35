import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateClient } from '../../../../../application/clients/create-client';
import { CreateTeam } from '../../../../../application/teams/create-team';
import { ClientRepository } from '../../../../../domain/clients/client-repository';
import { loadConfig } from '../../../../../bootstrap/config';
import { buildRuntime } from '../../../../../bootstrap/container';
import { CLIENT_TOKENS } from '../../../../../bootstrap/contexts/clients';
import { DEAL_TOKENS } from '../../../../../bootstrap/contexts/deals';
import { EVENT_TOKENS } from '../../../../../bootstrap/contexts/events';
import { EventOutbox } from '../../../../../domain/events/event-outbox';
import { IdempotencyKeyRepository } from '../../../../../domain/deals/idempotency-key-repository';

const writer = (file: string, teamId: string, count: number) =>
  new Promise<{ failed: string[] }>((resolve, reject) => {
    const child = spawn(process.execPath, [
      '--require',
      'tsx/cjs',
      join(__dirname, '..', '..', '..', '..', 'support', 'sqlite-writer.ts'),
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

/** Another process that takes SQLite's write lock, says so, and holds it `ms` before it commits and tells when. */
const lockHolder = (file: string, ms: number) => {
  const child = spawn(process.execPath, [
    '-e',
    `const db = new (require('better-sqlite3'))(process.argv[1]);
     db.exec('begin immediate');
     process.stdout.write('locked\\n');
     setTimeout(() => { db.exec('commit'); process.stdout.write('released ' + Date.now() + '\\n'); db.close(); }, ${ms});`,
    file,
  ]);
  let out = '';
  const said = (word: string) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const line = out.split('\n').find((l) => l.startsWith(word));
        if (line) resolve(line);
      };
      child.stdout.on('data', (c) => {
        out += c;
        look();
      });
      child.on('error', reject);
      child.on('close', () => reject(new Error(`the lock holder ended without saying "${word}": ${out}`)));
      look();
    });
  return { locked: said('locked'), released: said('released').then((line) => Number(line.split(' ')[1])) };
};

describe('SQLite shared by several server processes', function () {
  this.timeout(60000);
  let dir: string;
  let file: string;
  let runtime: ReturnType<typeof buildRuntime>;
  let team: { id: string };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-procs-'));
    file = join(dir, 'db.sqlite');
    runtime = buildRuntime({ ...loadConfig({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' }) });
    await runtime.migrate();
    ({ team } = await runtime.container.get(CreateTeam).execute({ name: 'Shared' }));
  });

  afterEach(async () => {
    await runtime.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("goes on serving while its write waits for another process's lock, then writes", async () => {
    const clients = runtime.container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const holder = lockHolder(file, 1500);
    await holder.locked;
    const writing = runtime.container.get(CreateClient).execute({ teamId: team.id }, { type: 'PF', name: 'Maria da Conceição' });
    // A timer and a read of this process, while its write waits: SQLite's own wait would hold the
    // event loop until the other process let go, and both would come after it.
    await new Promise((resume) => setTimeout(resume, 100));
    expect(await clients.countActive({ teamId: team.id })).to.equal(0);
    const readAt = Date.now();
    const created = await writing;
    expect(readAt).to.be.below(await holder.released);
    expect((await clients.findById({ teamId: team.id }, created.id))?.name).to.equal('Maria da Conceição');
  });

  it('claims due events without holding the event loop while another process has the lock', async () => {
    const outbox = runtime.container.get<EventOutbox>(EVENT_TOKENS.EventOutbox);
    const holder = lockHolder(file, 1500);
    await holder.locked;
    const claiming = outbox.claimDue(new Date(), new Date(Date.now() + 60_000), 10);
    await new Promise((resume) => setTimeout(resume, 100));
    const timerAt = Date.now();
    expect(await claiming).to.deep.equal([]);
    expect(timerAt).to.be.below(await holder.released);
  });

  it('purges expired Idempotency-Keys without holding the event loop while another process has the lock', async () => {
    const keys = runtime.container.get<IdempotencyKeyRepository>(DEAL_TOKENS.IdempotencyKeyRepository);
    const holder = lockHolder(file, 1500);
    await holder.locked;
    const purging = keys.purgeExpired(new Date());
    await new Promise((resume) => setTimeout(resume, 100));
    const timerAt = Date.now();
    expect(await purging).to.equal(0);
    expect(timerAt).to.be.below(await holder.released);
  });

  it('lets concurrent write transactions of two processes queue instead of failing', async () => {
    // Each creation reads (quota, duplicates) before it writes: the pattern that fails when a
    // transaction upgrades to a writer after another process has written.
    const results = await Promise.all([writer(file, team.id, 300), writer(file, team.id, 300)]);
    expect(results.flatMap((r) => r.failed)).to.deep.equal([]);
    expect(await runtime.container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository).countActive({ teamId: team.id })).to.equal(600);
  });
});
