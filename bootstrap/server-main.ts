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
import { startClusterMetrics } from './metrics-cluster';
import { TOKENS } from './tokens';

/** Migrates and, on an empty database, creates the demo team: once, before any server process starts. */
async function prepare(runtime: Runtime): Promise<void> {
  await runtime.migrate();
  if (runtime.config.demo && (await runtime.container.get<TeamRepository>(TEAM_TOKENS.TeamRepository).count()) === 0) {
    const { apiKey } = await createDemoTeam(runtime);
    process.stdout.write(`Demo API key: ${apiKey.key}\n`);
  }
}

/** Past SHUTDOWN_TIMEOUT_MS, how long stopping the schedulers and closing the runtime may take. */
const CLEANUP_MS = 3000;
/** The primary outwaits its workers' own deadline by this much before it kills them. */
const PRIMARY_MARGIN_MS = 1000;

type StopSignal = 'SIGTERM' | 'SIGINT';

/**
 * Runs `stop` on the first SIGTERM or SIGINT. A second one exits at once, but in a cluster worker: Ctrl-C
 * signals every process of the group and the primary forwards it too, so a worker leaves that to the primary.
 */
function onStopSignal(logger: Logger, stop: (signal: StopSignal) => Promise<void>): void {
  let stopping = false;
  const handle = (signal: StopSignal) => {
    if (stopping) {
      if (cluster.isWorker) return;
      logger.warn({ signal, pid: process.pid }, 'second signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    stop(signal).catch((err) => {
      logger.error({ err, pid: process.pid }, 'stopping failed');
      process.exit(1);
    });
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}

function serve(runtime: Runtime): void {
  const { config } = runtime;
  const logger = runtime.container.get<Logger>(TOKENS.Logger);
  const stops = CONTEXTS.flatMap((ctx) => (ctx.start ? [ctx.start(runtime.container)] : []));
  const server = createHttpServer(buildHttpApp(runtime).callback(), config);
  server.listen(config.port, config.host, () => {
    logger.info({ port: config.port, host: config.host, storage: runtime.storage, pid: process.pid }, 'Workspace API listening');
  });
  // No new connection; the requests in flight end (README "Stopping"); then the schedulers, then storage.
  onStopSignal(logger, async (signal) => {
    logger.info({ signal, pid: process.pid, shutdownTimeoutMs: config.shutdownTimeoutMs }, 'stopping: finishing the requests in flight');
    setTimeout(() => {
      logger.error({ pid: process.pid }, 'stopping took too long: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + CLEANUP_MS).unref();
    const { cut } = await server.drain(config.shutdownTimeoutMs);
    if (cut > 0) logger.warn({ cut, pid: process.pid }, 'closed connections still busy at SHUTDOWN_TIMEOUT_MS');
    for (const stop of stops) await stop();
    await runtime.close();
    logger.info({ pid: process.pid }, 'Workspace API stopped');
    process.exit(0);
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serve(buildRuntime({ ...config, clusterWorker: !config.redisUrl }));

  const runtime = buildRuntime(config);
  await prepare(runtime);
  // One process (always for `memory:`, whose data lives in this process), or workers on every core.
  if (config.workers === 1) return serve(runtime);
  const logger = runtime.container.get<Logger>(TOKENS.Logger);
  await runtime.close();
  if (!config.redisUrl) FlexibleRateLimiter.startClusterPrimary();
  startClusterMetrics();
  let stopping = false;
  let failed = false;
  const running = new Set<number>();
  const fork = () => running.add(cluster.fork().id);
  cluster.on('exit', (worker, code) => {
    running.delete(worker.id);
    if (!stopping) {
      if (code !== 0) fork(); // keep serving after a crash
      return;
    }
    if (code !== 0) failed = true;
    if (running.size === 0) process.exit(failed ? 1 : 0);
  });
  for (let i = 0; i < config.workers; i++) fork();
  const killAll = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
  };
  onStopSignal(logger, async (signal) => {
    stopping = true;
    if (running.size === 0) process.exit(0);
    logger.info({ signal, workers: running.size }, 'stopping: signalling the workers');
    // The process itself, not Worker.kill(): that one first waits for the worker's connections to end.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => {
      logger.error({ workers: running.size }, 'workers still running past their deadline: killing them');
      killAll();
      process.exit(1);
    }, config.shutdownTimeoutMs + CLEANUP_MS + PRIMARY_MARGIN_MS);
  });
  process.on('exit', () => { if (stopping) killAll(); });
}

main().catch((err) => {
  process.stderr.write(`fatal: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
