import type Redis from 'ioredis';
import { Container } from 'inversify';
import { StoreWatch } from '../adapters/ratelimit/store-watch';
import { Logger } from '../application/shared/logger';
import { RateLimiter } from '../application/shared/rate-limiter';
import { Config } from './config';
import { TOKENS } from './tokens';

/** rate-limiter-flexible's adapter, loaded with the first limiter. */
const flexibleRateLimiter = (): typeof import('../adapters/ratelimit/flexible-rate-limiter') =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../adapters/ratelimit/flexible-rate-limiter') as typeof import('../adapters/ratelimit/flexible-rate-limiter');

/** A budget a minute, with its key prefixes in Redis and in the cluster primary (distinct per limiter). */
interface Budget {
  token: symbol;
  /** Names the limiter in logs. */
  name: string;
  /** After the Redis prefix; the per-key budget keeps the bare prefix, as before, so its keys stay the same. */
  redisSuffix: string;
  clusterPrefix: string;
  perMinute: number;
}

/**
 * Binds every rate limiter, all kept in one store: Redis when REDIS_URL is set (several nodes share each
 * budget), the cluster primary for the workers of one node, else this process's memory. They share one
 * watch, so a store outage is logged once, and each is built when first asked for (by the HTTP app).
 */
export function bindRateLimiters(container: Container, config: Config): { close(): void; redis?: Redis } {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // Commands wait for the connection (so a node that starts before Redis answers does not report an
    // outage), but never longer than the limiters' store timeout.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- ioredis is loaded only when REDIS_URL is set
    const { default: RedisClient } = require('ioredis') as typeof import('ioredis');
    redis = new RedisClient(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined); // the watch tells the outage once; ioredis keeps reconnecting
  }
  let watch: StoreWatch | undefined;
  const budgets: Budget[] = [
    { token: TOKENS.RateLimiter, name: 'per API key', redisSuffix: '', clusterPrefix: 'api', perMinute: config.rateLimitPerMinute },
    {
      token: TOKENS.PublicAddressRateLimiter,
      name: 'public, per client address',
      redisSuffix: ':public-address',
      clusterPrefix: 'public-address',
      perMinute: config.publicRateLimitPerMinute,
    },
    {
      token: TOKENS.PublicEndpointRateLimiter,
      name: 'public, per endpoint',
      redisSuffix: ':public-endpoint',
      clusterPrefix: 'public-endpoint',
      perMinute: config.inboundRateLimitPerMinute,
    },
    {
      token: TOKENS.AuthFailureRateLimiter,
      name: 'failed authentications, per client address',
      redisSuffix: ':auth-failures',
      clusterPrefix: 'auth-failures',
      perMinute: config.authFailureLimitPerMinute,
    },
  ];
  const redisPrefix = config.rateLimitRedisPrefix ?? 'workspace-api:rl';
  for (const b of budgets) {
    container
      .bind<RateLimiter>(b.token)
      .toResolvedValue(
        (logger: Logger) => {
          // Loaded with the first limiter (by the HTTP app): a CLI command asks for none.
          const { FlexibleRateLimiter } = flexibleRateLimiter();
          const options = { workers: config.workers, watch: (watch ??= new StoreWatch(logger)), name: b.name };
          if (redis) return FlexibleRateLimiter.redis(redis, b.perMinute, `${redisPrefix}${b.redisSuffix}`, options);
          if (config.clusterWorker) return FlexibleRateLimiter.clusterWorker(b.perMinute, b.clusterPrefix, options);
          return FlexibleRateLimiter.inMemory(b.perMinute);
        },
        [TOKENS.Logger],
      )
      .inSingletonScope();
  }
  return { close: () => redis?.disconnect(), redis };
}
