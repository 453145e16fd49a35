import 'reflect-metadata';
import { Container } from 'inversify';
import { Knex } from 'knex';
import { PinoLogger } from '../adapters/logging/pino-logger';
import { PromMetrics } from '../adapters/metrics/prom-metrics';
import { createKnex } from '../adapters/persistence/knex/shared/connection';
import { databaseProbe } from '../adapters/persistence/knex/shared/database-probe';
import { KnexDatabase, KnexUnitOfWork } from '../adapters/persistence/knex/shared/knex-database';
import { migrationSource } from '../adapters/persistence/knex/migrations';
import { MemoryStore, MemoryUnitOfWork } from '../adapters/persistence/memory/shared/memory-store';
import { rateLimitStoreProbe, redisProbe } from '../adapters/ratelimit/redis-probe';
import { Sha256SecretHasher } from '../adapters/system/sha256-secret-hasher';
import { SystemClock } from '../adapters/system/system-clock';
import { UuidV7Generator } from '../adapters/system/uuid-v7-generator';
import { ReadDealEventBacklog } from '../application/deals/read-deal-event-backlog';
import { Clock } from '../application/shared/clock';
import { Logger } from '../application/shared/logger';
import { RateLimiter } from '../application/shared/rate-limiter';
import { CheckReadiness, ReadinessProbe, notConfigured } from '../application/shared/readiness';
import { Config, StorageKind, storageKindOf } from './config';
import { CONTEXTS } from './contexts';
import { bindRateLimiters } from './rate-limits';
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

/** The one place that knows every concrete class: storage is chosen by DATABASE_URL, nothing else. */
export function buildRuntime(config: Config): Runtime {
  const container = new Container();
  const storage = storageKindOf(config.databaseUrl);
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Clock).toConstantValue(new SystemClock());
  container.bind(TOKENS.IdGenerator).toConstantValue(new UuidV7Generator());
  container.bind(TOKENS.SecretHasher).toConstantValue(new Sha256SecretHasher());
  const logger = new PinoLogger(config.logLevel);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  // The outbox's backlog is read at each scrape, through the deals context's query.
  container.bind(TOKENS.Metrics).toConstantValue(new PromMetrics({ backlog: () => container.get(ReadDealEventBacklog).execute(), logger }));
  const rateLimits = bindRateLimiters(container, config);

  let knex: Knex | undefined;
  // Memory storage lives in this process: it answers as long as the process does.
  let databaseCheck: ReadinessProbe = { name: 'database', critical: true, check: async () => 'ok' };
  if (storage === 'memory') {
    const store = new MemoryStore();
    container.bind(TOKENS.MemoryStore).toConstantValue(store);
    container.bind(TOKENS.UnitOfWork).toConstantValue(new MemoryUnitOfWork(store));
  } else {
    if (storage === 'sqlite') {
      const file = config.databaseUrl.slice('sqlite:'.length);
      if (file && file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    }
    knex = createKnex(config.databaseUrl, { schema: config.databaseSchema });
    const database = new KnexDatabase(knex, storage);
    container.bind(TOKENS.KnexDatabase).toConstantValue(database);
    container.bind(TOKENS.UnitOfWork).toConstantValue(new KnexUnitOfWork(database));
    databaseCheck = databaseProbe(database);
  }
  const redisCheck = rateLimits.redis ? redisProbe(rateLimits.redis) : notConfigured('redis');
  container.bind(TOKENS.Readiness).toResolvedValue(
    (limiter: RateLimiter, clock: Clock, logger: Logger) => new CheckReadiness([databaseCheck, redisCheck, rateLimitStoreProbe(limiter)], clock, logger),
    [TOKENS.RateLimiter, TOKENS.Clock, TOKENS.Logger]).inSingletonScope();

  for (const ctx of CONTEXTS) ctx.bind(container, storage);

  return {
    container,
    config,
    storage,
    async migrate() {
      if (!knex) return;
      if (config.databaseSchema) await knex.raw('create schema if not exists ??', [config.databaseSchema]);
      await knex.migrate.latest({ migrationSource, schemaName: config.databaseSchema });
    },
    async close() {
      await knex?.destroy();
      rateLimits.close();
    },
  };
}
