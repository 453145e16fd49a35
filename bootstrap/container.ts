import 'reflect-metadata';
import { RequestActivity } from '../adapters/http/middleware/request-activity';
import { Container } from 'inversify';
import { Knex } from 'knex';
import { createKnex, openPgReader, openSqliteReader } from '../adapters/persistence/knex/shared/connection';
import { KnexDatabase } from '../adapters/persistence/knex/shared/knex-database';
import { migrationSource } from '../adapters/persistence/knex/migrations';
import { rateLimitStoreProbe, redisProbe } from '../adapters/ratelimit/redis-probe';
import { FixedIdScope } from '../adapters/system/scoped-ids';
import { Sha256SecretHasher } from '../adapters/system/sha256-secret-hasher';
import { SystemClock } from '../adapters/system/system-clock';
import { MonotonicStopwatch } from '../adapters/system/monotonic-stopwatch';
import { LruMemos } from '../adapters/system/lru-memo';
import { UuidV7Generator } from '../adapters/system/uuid-v7-generator';
import { ReadEventBacklog } from '../application/deals/read-deal-event-backlog';
import { ReadDeliveryBacklog } from '../application/events/read-delivery-backlog';
import { BackgroundWork } from '../application/shared/background-work';
import { Clock } from '../application/shared/clock';
import { Logger } from '../application/shared/logger';
import { ENDPOINT_ID_PREFIX } from '../domain/webhooks/endpoint-id';
import { RateLimiter } from '../application/shared/rate-limiter';
import { CheckReadiness, ReadinessProbe, notConfigured } from '../application/shared/readiness';
import { InboxRepository } from '../domain/whatsapp/inbox-repository';
import { Config, StorageKind, storageKindOf } from './config';
import { CONTEXTS } from './contexts';
import { WHATSAPP_TOKENS } from './contexts/tokens';
import { bindRateLimiters } from './rate-limits';
import { knexLog, knexStorage } from './storage/knex';
import { memoryStorage } from './storage/memory';
import { TOKENS } from './tokens';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Runtime {
  container: Container;
  config: Config;
  storage: StorageKind;
  /** Brings the schema up to date (no-op in memory). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** How long a process keeps trying when it lost a race to migrate against another one (SQLite). */
const MIGRATION_RACE_MS = 30_000;

/** What knex answers a process that migrates while another one does, rather than waiting for it. */
const lostMigrationRace = (err: unknown): boolean => {
  const { message = '', code } = (err ?? {}) as { message?: string; code?: string };
  return (
    message.includes('Migration table is already locked') ||
    (/knex_migrations/.test(message) && /already exists|duplicate key/.test(message)) ||
    (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))
  );
};

/**
 * Several processes start on one database at the same moment (API nodes, a node and the CLI), and each
 * migrates it first. Knex alone fails all but one, or worse: it creates its tables and its lock row with a
 * check-then-write that two processes race (a second lock row locks every later migration out for good),
 * and its lock refuses a second migration instead of waiting for it. So on PostgreSQL they take turns on an
 * advisory lock (held by a transaction of its own, so a process that dies lets go of it), and the later ones
 * find nothing left to do. On SQLite, where a process has one connection, knex's tables are made in one
 * transaction first, and a migration that finds another one under way is tried again until that one is
 * done, for at most `raceMs`.
 */
export async function migrateOneAtATime(
  knex: Knex,
  storage: StorageKind,
  schema: string | undefined,
  migrate: () => Promise<void>,
  raceMs = MIGRATION_RACE_MS,
): Promise<void> {
  if (storage === 'postgres') {
    await knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`workspace-api:migrate:${schema ?? ''}`]);
      await migrate();
    });
    return;
  }
  const deadline = Date.now() + raceMs;
  for (;;) {
    try {
      // Knex makes its migration tables and lock row (hasTable, then create; select, then insert) before any
      // migrate call answers, `currentVersion` included. Run here in one transaction: SQLite's transactions
      // are serializable, so of two processes that run it at once one creates and the other waits, or fails
      // with SQLITE_BUSY and tries again. Run by knex on its own, two processes can both insert the lock row,
      // and knex never takes a lock of two rows again.
      await knex.transaction((trx) => trx.migrate.currentVersion());
      return await migrate();
    } catch (err) {
      if (!lostMigrationRace(err) || Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}

/** The pino logger, loaded with its first line: a CLI command (silent) never loads pino. */
function loadedOnFirstLine(level: string): Logger {
  let pino: Logger | undefined;
  const log = (): Logger =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (pino ??= new (require('../adapters/logging/pino-logger') as typeof import('../adapters/logging/pino-logger')).PinoLogger(level));
  return {
    debug: (fields, message) => log().debug(fields, message),
    info: (fields, message) => log().info(fields, message),
    warn: (fields, message) => log().warn(fields, message),
    error: (fields, message) => log().error(fields, message),
  };
}

/**
 * The runtime's container: the shared services, then one storage module, chosen here by DATABASE_URL and
 * nowhere else, then every context's module.
 */
export function buildRuntime(config: Config): Runtime {
  const container = new Container();
  const storage = storageKindOf(config.databaseUrl);
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Clock).toConstantValue(new SystemClock());
  // The HTTP app counts its requests on it (bootstrap/http.ts); imports and the dispatcher give way to them.
  container.bind(TOKENS.RequestActivity).toConstantValue(new RequestActivity());
  const stopwatch = new MonotonicStopwatch();
  container.bind(TOKENS.Stopwatch).toConstantValue(stopwatch);
  container.bind(TOKENS.Memos).toConstantValue(new LruMemos(stopwatch));
  // Random ids and secrets, but for the demo team's creation, which takes fixed ids (bootstrap/demo.ts).
  const fixedIds = new FixedIdScope();
  container.bind(TOKENS.FixedIdScope).toConstantValue(fixedIds);
  container.bind(TOKENS.IdGenerator).toConstantValue(fixedIds.ids(new UuidV7Generator()));
  container.bind(TOKENS.SecretHasher).toConstantValue(fixedIds.hasher(new Sha256SecretHasher(), [ENDPOINT_ID_PREFIX]));
  const logger = loadedOnFirstLine(config.logLevel);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  // The event log's and the deliveries' backlogs, and the inboxes whose session is down, are read at each scrape.
  container
    .bind(TOKENS.Metrics)
    .toResolvedValue(
      (events: ReadEventBacklog, deliveries: ReadDeliveryBacklog, inboxes: InboxRepository) =>
        // prom-client is loaded when the metrics are first asked for (the HTTP app, a use case that counts).
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        new (require('../adapters/metrics/prom-metrics') as typeof import('../adapters/metrics/prom-metrics')).PromMetrics({
          backlog: async () => {
            const [log, waiting, disconnectedInboxes] = await Promise.all([
              events.execute(),
              deliveries.execute(),
              inboxes.countDisconnected(),
            ]);
            return { ...log, deliveries: waiting, disconnectedInboxes };
          },
          logger,
        }),
      [ReadEventBacklog, ReadDeliveryBacklog, WHATSAPP_TOKENS.InboxRepository],
    )
    .inSingletonScope();
  const rateLimits = bindRateLimiters(container, config);

  const redisCheck = rateLimits.redis ? redisProbe(rateLimits.redis) : notConfigured('redis');
  container
    .bind(TOKENS.Readiness)
    .toResolvedValue(
      (database: ReadinessProbe, limiter: RateLimiter, clock: Clock, logger: Logger) =>
        new CheckReadiness([database, redisCheck, rateLimitStoreProbe(limiter)], clock, logger),
      [TOKENS.DatabaseProbe, TOKENS.RateLimiter, TOKENS.Clock, TOKENS.Logger],
    )
    .inSingletonScope();

  let knex: Knex | undefined;
  let database: KnexDatabase | undefined;
  if (storage === 'memory') {
    container.loadSync(memoryStorage);
  } else {
    if (storage === 'sqlite') {
      const file = config.databaseUrl.slice('sqlite:'.length);
      if (file && file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    }
    knex = createKnex(config.databaseUrl, { schema: config.databaseSchema, poolMax: config.databasePoolMax, log: knexLog(logger) });
    database = new KnexDatabase(
      knex,
      storage,
      storage === 'sqlite' ? openSqliteReader(config.databaseUrl) : openPgReader(config.databaseUrl, config.databaseSchema),
    );
    container.loadSync(knexStorage(database));
  }
  container.loadSync(...CONTEXTS);

  return {
    container,
    config,
    storage,
    async migrate() {
      if (!knex) return;
      const db = knex;
      await migrateOneAtATime(db, storage, config.databaseSchema, async () => {
        if (config.databaseSchema) await db.raw('create schema if not exists ??', [config.databaseSchema]);
        await db.migrate.latest({ migrationSource, schemaName: config.databaseSchema });
      });
    },
    async close() {
      await database?.close();
      rateLimits.close();
    },
  };
}

/** Starts every context's background work; the function returned stops each, in turn, once what it runs has finished. */
export function startBackgroundWork(container: Container): () => Promise<void> {
  const stops = container.getAll<BackgroundWork>(TOKENS.BackgroundWork).map((work) => work.start());
  return async () => {
    for (const stop of stops) await stop();
  };
}
