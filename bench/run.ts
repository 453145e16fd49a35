// `npm run bench`: throughput and latency of the hot endpoints, measured against the built server in a
// child process (its own core) on a fresh SQLite file, or on BENCH_DATABASE_URL. Prints one table.
import autocannon from 'autocannon';
import { spawn, execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTeam } from '../application/teams/create-team';
import { ClientRepository } from '../domain/clients/client-repository';
import { UnitOfWork } from '../application/shared/unit-of-work';
import { IdGenerator } from '../application/shared/id-generator';
import { Client } from '../domain/clients/client';
import { loadConfig } from '../bootstrap/config';
import { buildRuntime } from '../bootstrap/container';
import { CLIENT_TOKENS } from '../bootstrap/contexts/clients';
import { TOKENS } from '../bootstrap/tokens';

const ROWS = Number(process.env.BENCH_ROWS ?? 20000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3917);

async function seed(databaseUrl: string): Promise<{ key: string; clientId: string }> {
  const runtime = buildRuntime({ ...loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }) });
  await runtime.migrate();
  const { team, apiKey } = await runtime.container.get(CreateTeam).execute({ name: 'Bench' });
  const repo = runtime.container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
  const uow = runtime.container.get<UnitOfWork>(TOKENS.UnitOfWork);
  const ids = runtime.container.get<IdGenerator>(TOKENS.IdGenerator);
  let clientId = '';
  for (let start = 0; start < ROWS; start += 1000) {
    await uow.run(async () => {
      for (let i = start; i < Math.min(ROWS, start + 1000); i++) {
        const c = Client.create(ids.next(), team.id, 'PF', { name: `Client ${i}`, email: `c${i}@example.com`, tags: ['bench'] }, new Date());
        clientId = c.id;
        await repo.insert(c.snapshot());
      }
    });
  }
  await runtime.close();
  return { key: apiKey.key, clientId };
}

async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try { await fetch(url); return; } catch { await new Promise((r) => setTimeout(r, 200)); }
  }
  throw new Error('server did not start');
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'workspace-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir, 'bench.db')}`;
  execSync('npm run --silent build', { stdio: 'inherit' });
  const { key, clientId } = await seed(databaseUrl);
  const server = spawn(process.execPath, ['dist/bootstrap/server-main.js'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(PORT), DEMO: '0', LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '100000000' },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${PORT}/api/v1`;
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  try {
    await waitForServer(`${base}/clients`);
    const scenarios = [
      { name: `GET /clients (page of 20, exact total over ${ROWS})`, method: 'GET' as const, path: '/clients?limit=20' },
      { name: 'GET /clients?search=client 1999', method: 'GET' as const, path: '/clients?search=client%201999' },
      { name: 'GET /clients/:id', method: 'GET' as const, path: `/clients/${clientId}` },
      { name: 'POST /clients', method: 'POST' as const, path: '/clients', body: JSON.stringify({ name: 'New', type: 'PF', tags: ['x'] }) },
    ];
    const rows: string[] = [];
    for (const s of scenarios) {
      const r = await autocannon({ url: `${base}${s.path}`, method: s.method, headers, body: s.body, connections: CONNECTIONS, duration: SECONDS });
      const errors = r.non2xx + r.errors;
      rows.push(`| ${s.name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${errors} |`);
    }
    process.stdout.write(`\n${CONNECTIONS} connections, ${SECONDS}s each, ${databaseUrl.split(':')[0]}\n\n`);
    process.stdout.write('| scenario | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|\n');
    process.stdout.write(`${rows.join('\n')}\n`);
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
