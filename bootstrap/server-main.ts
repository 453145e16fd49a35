import cluster, { Worker } from 'node:cluster';
import { stdoutLog } from '../adapters/logging/log-output';
import { FlexibleRateLimiter } from '../adapters/ratelimit/flexible-rate-limiter';
import { Logger } from '../application/shared/logger';
import { TeamRepository } from '../domain/teams/team-repository';
import { Config, ConfigError, loadConfig } from './config';
import { Runtime, buildRuntime, startBackgroundWork } from './container';
import { TEAM_TOKENS } from './contexts/teams';
import { createDemoTeam } from './demo';
import { buildHttpApp } from './http';
import { createHttpServer, listenError } from './http-server';
import { startClusterMetrics } from './metrics-cluster';
import { databaseFailure, listenFailure } from './startup-errors';
import { TOKENS } from './tokens';
import { WorkerRestarts } from './worker-restarts';

/** The demo team made on this start: its key is shown once, since only its hash is stored. */
interface Demo {
  teamId: string;
  teamName: string;
  key: string;
}

/** Migrates and, on an empty database, creates the demo team: once, before any server process starts. */
async function prepare(runtime: Runtime): Promise<Demo | undefined> {
  await runtime.migrate();
  if (!runtime.config.demo || (await runtime.container.get<TeamRepository>(TEAM_TOKENS.TeamRepository).count()) > 0) return undefined;
  const { team, apiKey } = await createDemoTeam(runtime);
  return { teamId: team.id, teamName: team.name, key: apiKey.key };
}

/**
 * The demo team made on this start until the banner shows it: a start that fails after making it still
 * prints its key (stdout), which could not be shown again.
 */
let unshownDemo: Demo | undefined;

const demoLines = (demo: Demo): string[] => [`Demo team: ${demo.teamId} (${demo.teamName})`, `Demo API key: ${demo.key}`];

function printUnshownDemo(): void {
  if (unshownDemo) process.stdout.write(`${demoLines(unshownDemo).join('\n')}\n`);
  unshownDemo = undefined;
}

/** A host as a person types it in a URL: every interface is reached on this machine by name, IPv6 in brackets. */
const urlHost = (host: string): string => {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
};

/** The lines a person reads once the API answers (stdout, beside the JSON logs): where to go, and the demo key. */
function printBanner(config: Config, storage: string, demo: Demo | undefined): void {
  const base = `http://${urlHost(config.host)}:${config.port}`;
  const processes = config.workers === 1 ? '1 process' : `${config.workers} workers`;
  const lines = [
    `Workspace API is listening on ${base}/api/v1 (${storage}, ${processes})`,
    `  API reference: ${base}/docs`,
    `  OpenAPI document: ${base}/api/v1/openapi.json`,
  ];
  if (demo) lines.push(...demoLines(demo), `  Try: curl -H "Authorization: Bearer ${demo.key}" ${base}/api/v1/clients`);
  unshownDemo = undefined;
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The message a cluster worker sends its primary before it exits for a reason it knows. */
interface StartFailed {
  type: 'workspace:start-failed';
  reason: string;
}

const isStartFailed = (m: unknown): m is StartFailed =>
  typeof m === 'object' && m !== null && (m as StartFailed).type === 'workspace:start-failed';

/**
 * What a cluster worker sends its primary once it listens, after its own log line says so. Cluster's
 * 'listening' event can reach the primary before the worker has run its listen callback.
 */
const LISTENING = { type: 'workspace:listening' } as const;
const isListening = (m: unknown): boolean => typeof m === 'object' && m !== null && (m as { type?: unknown }).type === LISTENING.type;

/** How long an exiting process waits for stdout to take its last log lines; past it they are dropped. */
const LOG_FLUSH_MS = 1000;

/** Exits once the log lines written so far are out, or at LOG_FLUSH_MS: a stdout nobody reads holds no exit. */
function exitAfterLogs(code: number): void {
  void stdoutLog()
    .flushed(LOG_FLUSH_MS)
    .then(() => process.exit(code));
}

/**
 * Exits 1 for a reason that is known and explained in one line: a worker tells its primary, which says it
 * once when it gives up; a single process says it on stderr.
 */
function failStart(reason: string): void {
  if (cluster.isWorker && process.send) {
    const message: StartFailed = { type: 'workspace:start-failed', reason };
    process.send(message, undefined, {}, () => process.exit(1));
    return;
  }
  process.stderr.write(`${reason}\n`);
  printUnshownDemo();
  exitAfterLogs(1);
}

/** Past SHUTDOWN_TIMEOUT_MS, how long stopping the schedulers and closing the runtime may take. */
/**
 * V8 flags of the workers, before the node flags the server was started with (which win). A worker
 * keeps about 30 MB of live objects, but under load V8 let its heap grow to 150 MB and more before
 * collecting again (its default growth factor is up to 4x). 1.5x keeps a worker near 140 MB after the
 * benchmark at no measurable cost in speed, with no hard limit a large request could run into.
 * The young generation is capped at 8 MB a semi-space (Node 20's default lets it reach 16 MB, held
 * twice): a request's garbage dies young either way, and a worker stays about 15 MB smaller at the same
 * speed (4 MB cost a tenth of the throughput). `--optimize-for-size` kept a worker at 100 MB but cost a
 * quarter of the throughput.
 */
const WORKER_V8_FLAGS = ['--heap-growing-percent=50', '--max-semi-space-size=8'];

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

/** Serves in this process; `onListening` runs once it listens. */
function serve(runtime: Runtime, onListening?: () => void): void {
  const { config } = runtime;
  const logger = runtime.container.get<Logger>(TOKENS.Logger);
  const stopBackgroundWork = startBackgroundWork(runtime.container);
  const server = createHttpServer(buildHttpApp(runtime).callback(), config);
  // Only a failure to listen is a failure to start; an error of a listening server stays an error.
  const cannotListen = (err: NodeJS.ErrnoException) => failStart(listenFailure(err, config));
  server.once('error', cannotListen);
  server.listen(config.port, config.host, () => {
    server.off('error', cannotListen);
    logger.info({ port: config.port, host: config.host, storage: runtime.storage, pid: process.pid }, 'Workspace API listening');
    onListening?.();
  });
  // No new connection; the requests in flight end (docs/operations.md "Stopping"); then the schedulers, then storage.
  onStopSignal(logger, async (signal) => {
    logger.info({ signal, pid: process.pid, shutdownTimeoutMs: config.shutdownTimeoutMs }, 'stopping: finishing the requests in flight');
    setTimeout(() => {
      logger.error({ pid: process.pid }, 'stopping took too long: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + CLEANUP_MS).unref();
    const { cut } = await server.drain(config.shutdownTimeoutMs);
    if (cut > 0) logger.warn({ cut, pid: process.pid }, 'closed connections still busy at SHUTDOWN_TIMEOUT_MS');
    await stopBackgroundWork();
    await runtime.close();
    logger.info({ pid: process.pid }, 'Workspace API stopped');
    exitAfterLogs(0);
  });
}

/** A failure to start that one line explains (a database that is not there): said without a stack. */
class StartFailure extends Error {}

/** Runs a step that opens the database; a database it cannot reach or open is said in one line. */
async function openingDatabase<T>(config: Config, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    const line = databaseFailure(err, config.databaseUrl);
    throw line === undefined ? err : new StartFailure(line);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serve(buildRuntime({ ...config, clusterWorker: !config.redisUrl }), () => process.send?.(LISTENING));

  // Before the database and any worker: each worker would fail the same way, and be forked again later and later.
  const cannotListen = await listenError(config.port, config.host);
  if (cannotListen) return failStart(listenFailure(cannotListen, config));
  const runtime = await openingDatabase(config, () => buildRuntime(config));
  const demo = await openingDatabase(config, () => prepare(runtime));
  // `memory:` keeps nothing past a failed start: its key would open nothing.
  unshownDemo = runtime.storage === 'memory' ? undefined : demo;
  // One process (always for `memory:`, whose data lives in this process), or workers on every core.
  if (config.workers === 1) return serve(runtime, () => printBanner(config, runtime.storage, demo));
  const logger = runtime.container.get<Logger>(TOKENS.Logger);
  const storage = runtime.storage;
  await runtime.close();
  if (!config.redisUrl) FlexibleRateLimiter.startClusterPrimary();
  startClusterMetrics();
  let stopping = false;
  let failed = false;
  let bannerShown = false;
  const running = new Set<number>();
  /** When each worker started listening, and why one that could not start said it could not. */
  const listenedAt = new Map<number, number>();
  const reasons = new Map<number, string>();
  const pendingForks = new Set<NodeJS.Timeout>();
  const restarts = new WorkerRestarts();
  cluster.setupPrimary({ execArgv: [...WORKER_V8_FLAGS, ...process.execArgv] });
  const fork = () => running.add(cluster.fork().id);
  const forkLater = (delayMs: number) => {
    const timer = setTimeout(() => {
      pendingForks.delete(timer);
      if (!stopping) fork();
    }, delayMs);
    pendingForks.add(timer);
  };
  const killAll = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
  };
  // The workers' own signals: the first one asks them to finish what they serve; the primary exits once all have.
  const stopWorkers = (signal: StopSignal) => {
    stopping = true;
    for (const timer of pendingForks) clearTimeout(timer);
    if (running.size === 0) return exitAfterLogs(failed ? 1 : 0);
    logger.info({ signal, workers: running.size }, 'stopping: signalling the workers');
    // The process itself, not Worker.kill(): that one first waits for the worker's connections to end.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(
      () => {
        logger.error({ workers: running.size }, 'workers still running past their deadline: killing them');
        killAll();
        process.exit(1);
      },
      config.shutdownTimeoutMs + CLEANUP_MS + PRIMARY_MARGIN_MS,
    );
  };
  cluster.on('message', (worker, message: unknown) => {
    if (isStartFailed(message)) reasons.set(worker.id, message.reason);
    if (isListening(message)) listened(worker);
  });
  const listened = (worker: Worker) => {
    listenedAt.set(worker.id, Date.now());
    if (!bannerShown) {
      bannerShown = true;
      printBanner(config, storage, demo);
    }
  };
  cluster.on('exit', (worker, code, signal) => {
    running.delete(worker.id);
    const started = listenedAt.get(worker.id);
    const reason = reasons.get(worker.id) ?? (signal ? `killed by ${signal}` : `exit code ${code}`);
    listenedAt.delete(worker.id);
    reasons.delete(worker.id);
    if (!stopping) {
      if (code === 0) return;
      // Keep serving after a crash; a worker that cannot start is retried later and later, then given up on.
      const decision = restarts.afterCrash(Date.now(), started);
      if (decision.restart) {
        if (started === undefined)
          logger.warn({ pid: worker.process.pid, reason, retryInMs: decision.delayMs }, 'a worker failed to start');
        else logger.error({ pid: worker.process.pid, reason, retryInMs: decision.delayMs }, 'a worker crashed');
        if (decision.delayMs === 0) fork();
        else forkLater(decision.delayMs);
        return;
      }
      const line = `workers failed to start ${decision.failures} times within ${decision.withinMs / 1000} s; giving up: ${reason}`;
      logger.warn({ pid: worker.process.pid, reason }, 'a worker failed to start');
      logger.error({ reason }, 'giving up: workers keep failing to start');
      process.stderr.write(`${line}\n`);
      printUnshownDemo();
      failed = true;
      stopWorkers('SIGTERM');
      return;
    }
    // A worker still starting has no handler yet: the signal passed on ends it, having served nothing.
    if (code !== 0 && !(signal && started === undefined)) failed = true;
    if (running.size === 0) exitAfterLogs(failed ? 1 : 0);
  });
  for (let i = 0; i < config.workers; i++) fork();
  onStopSignal(logger, (signal) => Promise.resolve(stopWorkers(signal)));
  process.on('exit', () => {
    if (stopping) killAll();
  });
}

main().catch((err) => {
  // A wrong setting or a database out of reach is said in its own lines; anything else is a fault, with its stack.
  if (err instanceof ConfigError || err instanceof StartFailure) process.stderr.write(`${err.message}\n`);
  else process.stderr.write(`fatal: ${(err as Error).stack ?? err}\n`);
  if (cluster.isWorker) failStart(err instanceof ConfigError ? err.problems.join('; ') : `${(err as Error).message ?? err}`);
  else exitAfterLogs(1);
});
