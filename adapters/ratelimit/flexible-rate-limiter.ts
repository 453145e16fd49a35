import type Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterCluster, RateLimiterClusterMaster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitDecision, RateLimiter } from '../../application/shared/rate-limiter';

/**
 * A fixed one-minute window per key, kept by rate-limiter-flexible: in process memory for one node, or in
 * Redis so that several API nodes share one budget. If Redis is unreachable the in-memory insurance
 * limiter answers, so an outage degrades to per-node limits instead of failing requests.
 */
export class FlexibleRateLimiter implements RateLimiter {
  private constructor(private readonly limiter: RateLimiterAbstract, private readonly points: number) {}

  static inMemory(perMinute: number): FlexibleRateLimiter {
    return new FlexibleRateLimiter(new RateLimiterMemory({ points: perMinute, duration: 60 }), perMinute);
  }

  /**
   * For a worker of a node:cluster server: the budget lives in the primary process (see
   * `startClusterPrimary`), so all workers of one node share it.
   */
  static clusterWorker(perMinute: number): FlexibleRateLimiter {
    return new FlexibleRateLimiter(new RateLimiterCluster({ points: perMinute, duration: 60, keyPrefix: 'api', timeoutMs: 3000 }), perMinute);
  }

  /** Call once in the primary process before forking workers that use `clusterWorker`. */
  static startClusterPrimary(): void {
    new RateLimiterClusterMaster();
  }

  static redis(client: Redis, perMinute: number, keyPrefix = 'workspace-api:rl'): FlexibleRateLimiter {
    const limiter = new RateLimiterRedis({
      storeClient: client,
      points: perMinute,
      duration: 60,
      keyPrefix,
      insuranceLimiter: new RateLimiterMemory({ points: perMinute, duration: 60 }),
    });
    return new FlexibleRateLimiter(limiter, perMinute);
  }

  async consume(key: string): Promise<RateLimitDecision> {
    try {
      const res = await this.limiter.consume(key, 1);
      return this.decision(true, res);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return this.decision(false, rejection);
      throw rejection;
    }
  }

  private decision(allowed: boolean, res: RateLimiterRes): RateLimitDecision {
    return {
      allowed,
      limit: this.points,
      remaining: Math.max(0, res.remainingPoints),
      resetSeconds: Math.ceil(res.msBeforeNext / 1000),
    };
  }
}
