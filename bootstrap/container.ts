import 'reflect-metadata';
import Redis from 'ioredis';
import { Container } from 'inversify';
import { Knex } from 'knex';
import { PinoLogger } from '../adapters/logging/pino-logger';
import { createKnex } from '../adapters/persistence/knex/shared/connection';
import { KnexDatabase, KnexUnitOfWork } from '../adapters/persistence/knex/shared/knex-database';
import { migrationSource } from '../adapters/persistence/knex/migrations';
import { MemoryStore, MemoryUnitOfWork } from '../adapters/persistence/memory/shared/memory-store';
import { FlexibleRateLimiter } from '../adapters/ratelimit/flexible-rate-limiter';
import { Sha256SecretHasher } from '../adapters/system/sha256-secret-hasher';
import { SystemClock } from '../adapters/system/system-clock';
import { UuidV7Generator } from '../adapters/system/uuid-v7-generator';
import { Config, StorageKind, storageKindOf } from './config';
import { CONTEXTS } from './contexts';
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
  const limiterFailed = (err: unknown, key: string) => logger.warn({ err, key }, 'rate limiter store did not answer: request let through');

  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', () => undefined); // the limiter falls back to memory; ioredis keeps reconnecting
    container.bind(TOKENS.RateLimiter).toConstantValue(FlexibleRateLimiter.redis(redis, config.rateLimitPerMinute, undefined, limiterFailed));
  } else if (config.clusterWorker) {
    container.bind(TOKENS.RateLimiter).toConstantValue(FlexibleRateLimiter.clusterWorker(config.rateLimitPerMinute, limiterFailed));
  } else {
    container.bind(TOKENS.RateLimiter).toConstantValue(FlexibleRateLimiter.inMemory(config.rateLimitPerMinute));
  }

  let knex: Knex | undefined;
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
  }

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
      redis?.disconnect();
    },
  };
}
