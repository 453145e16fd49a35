// A separate process that creates clients concurrently on a SQLite file (see sqlite-processes.test.ts).
import { CreateClient } from '../../application/clients/create-client';
import { loadConfig } from '../../bootstrap/config';
import { buildRuntime } from '../../bootstrap/container';

const [file, teamId, count] = process.argv.slice(2);
void (async () => {
  const runtime = buildRuntime({ ...loadConfig({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' }) });
  const create = runtime.container.get(CreateClient);
  const results = await Promise.allSettled(
    Array.from({ length: Number(count) }, (_, i) => create.execute({ teamId }, { type: 'PF', name: `P${process.pid}-${i}` })),
  );
  const failed = results.filter((r) => r.status === 'rejected').map((r) => String(r.reason?.code ?? r));
  await runtime.close();
  process.stdout.write(JSON.stringify({ failed }));
})();
