import type Redis from 'ioredis';
import { RateLimiter } from '../../application/shared/rate-limiter';
import { ReadinessProbe } from '../../application/shared/readiness';

/**
 * Redis (REDIS_URL) answers a PING on the rate limiters' connection. Shown, never a failure: Redis keeps
 * only the shared rate budgets, which each process answers from its own share while Redis is away, and a
 * Redis outage reaches every node at once, so failing readiness on it would take them all out of service.
 */
export const redisProbe = (client: Redis): ReadinessProbe => ({
  name: 'redis',
  critical: false,
  async check() {
    await client.ping();
    return 'ok';
  },
});

/**
 * Whether the rate limiters' shared store answers. Shown, never a failure: while it is degraded each
 * process enforces its own share of every budget, so the node still serves within its limits.
 */
export const rateLimitStoreProbe = (limiter: Pick<RateLimiter, 'health'>): ReadinessProbe => ({
  name: 'rate_limit_store',
  critical: false,
  check: () => Promise.resolve(limiter.health().store),
});
