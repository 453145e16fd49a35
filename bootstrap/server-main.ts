import cluster from 'node:cluster';
import { FlexibleRateLimiter } from '../adapters/ratelimit/flexible-rate-limiter';
import { Logger } from '../application/shared/logger';
import { TeamRepository } from '../domain/teams/team-repository';
import { loadConfig } from './config';
import { Runtime, buildRuntime } from './container';
import { CONTEXTS } from './contexts';
import { TEAM_TOKENS } from './contexts/teams';
import { createDemoTeam } from './demo';
import { buildHttpApp } from './http';
import { createHttpServer } from './http-server';
import { TOKENS } from './tokens';

/** Migrates and, on an empty database, creates the demo team: once, before any server process starts. */
async function prepare(runtime: Runtime): Promise<void> {
  await runtime.migrate();
  if (runtime.config.demo && (await runtime.container.get<TeamRepository>(TEAM_TOKENS.TeamRepository).count()) === 0) {
    const { apiKey } = await createDemoTeam(runtime);
    process.stdout.write(`Demo API key: ${apiKey.key}\n`);
  }
}

function serve(runtime: Runtime): void {
  const { config } = runtime;
  const logger = runtime.container.get<Logger>(TOKENS.Logger);
  const stops = CONTEXTS.flatMap((ctx) => (ctx.start ? [ctx.start(runtime.container)] : []));
  const server = createHttpServer(buildHttpApp(runtime).callback(), config);
  server.listen(config.port, config.host, () => {
    logger.info({ port: config.port, host: config.host, storage: runtime.storage, pid: process.pid }, 'Workspace API listening');
  });
  const shutdown = () => server.close(async () => {
    for (const stop of stops) await stop();
    await runtime.close();
    process.exit(0);
  });
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serve(buildRuntime({ ...config, clusterWorker: !config.redisUrl }));

  const runtime = buildRuntime(config);
  await prepare(runtime);
  // One process (always for `memory:`, whose data lives in this process), or workers on every core.
  if (config.workers === 1) return serve(runtime);
  await runtime.close();
  if (!config.redisUrl) FlexibleRateLimiter.startClusterPrimary();
  for (let i = 0; i < config.workers; i++) cluster.fork();
  let stopping = false;
  cluster.on('exit', (_worker, code) => {
    if (!stopping && code !== 0) cluster.fork(); // keep serving after a crash
  });
  const stop = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  process.stderr.write(`fatal: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
