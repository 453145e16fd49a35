// `npm run openapi [file]`: writes the OpenAPI 3.1 document the API serves at /api/v1/openapi.json, for
// client generators. The routes are built over an in-memory runtime: the document depends on no data.
import { writeFileSync } from 'node:fs';
import { RouteModule, documentOf } from '../adapters/http/app';
import { loadConfig } from './config';
import { buildRuntime } from './container';
import { TOKENS } from './tokens';

async function main(): Promise<void> {
  const file = process.argv[2] ?? 'openapi.json';
  const runtime = buildRuntime({ ...loadConfig({ ...process.env, DATABASE_URL: 'memory:' }), demo: false });
  try {
    const document = documentOf(runtime.container.getAll<RouteModule>(TOKENS.RouteModule));
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
    process.stdout.write(`${file}\n`);
  } finally {
    await runtime.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
