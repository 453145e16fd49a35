import type Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterCluster, RateLimiterClusterMaster, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitDecision, RateLimiter } from '../../application/shared/rate-limiter';

/**
 * A fixed one-minute window per key, kept by rate-limiter-flexible: in process memory for one node, or in
 * Redis so that several API nodes share one budget. If Redis is unreachable the in-memory insurance
 * limiter answers, so an outage degrades to per-node limits instead of failing requests.
 */
/** Points this process took from the shared budget ahead of use, and until when they are valid. */
interface Lease {
  left: number;
  /** What the shared store had left after the lease was taken. */
  sharedRemaining: number;
  resetsAt: number;
}

/** Told when the store could not answer and a request went through unchecked. */
export type LimiterFailure = (err: unknown, key: string) => void;

export class FlexibleRateLimiter implements RateLimiter {
  private readonly leases = new Map<string, Lease>();
  /**
   * A process that shares its budget with others (cluster workers, API nodes) takes this many points at a
   * time, so only one request in `chunk` waits for another process. The budget is never exceeded: a
   * lease not used up by the end of the window is lost, at most chunk − 1 points per process and key.
   */
  private readonly chunk: number;

  private constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly points: number,
    shared: boolean,
    private readonly onFailure: LimiterFailure = () => undefined,
  ) {
    this.chunk = shared ? Math.max(1, Math.floor(points / 50)) : 1;
  }

  static inMemory(perMinute: number): FlexibleRateLimiter {
    return new FlexibleRateLimiter(new RateLimiterMemory({ points: perMinute, duration: 60 }), perMinute, false);
  }

  /**
   * For a worker of a node:cluster server: the budget lives in the primary process (see
   * `startClusterPrimary`), so all workers of one node share it.
   */
  static clusterWorker(perMinute: number, onFailure?: LimiterFailure): FlexibleRateLimiter {
    return FlexibleRateLimiter.shared(new RateLimiterCluster({ points: perMinute, duration: 60, keyPrefix: 'api', timeoutMs: 3000 }), perMinute, onFailure);
  }

  /** Call once in the primary process before forking workers that use `clusterWorker`. */
  static startClusterPrimary(): void {
    new RateLimiterClusterMaster();
  }

  /** A budget that other processes take from too, kept in `store`: the processes lease points from it. */
  static shared(store: RateLimiterAbstract, perMinute: number, onFailure?: LimiterFailure): FlexibleRateLimiter {
    return new FlexibleRateLimiter(store, perMinute, true, onFailure);
  }

  static redis(client: Redis, perMinute: number, keyPrefix = 'workspace-api:rl', onFailure?: LimiterFailure): FlexibleRateLimiter {
    const limiter = new RateLimiterRedis({
      storeClient: client,
      points: perMinute,
      duration: 60,
      keyPrefix,
      insuranceLimiter: new RateLimiterMemory({ points: perMinute, duration: 60 }),
    });
    return FlexibleRateLimiter.shared(limiter, perMinute, onFailure);
  }

  async consume(key: string): Promise<RateLimitDecision> {
    const now = Date.now();
    const lease = this.leases.get(key);
    if (lease && lease.left > 0 && lease.resetsAt > now) {
      lease.left--;
      return this.decision(true, lease.sharedRemaining + lease.left, lease.resetsAt - now);
    }
    if (lease) this.leases.delete(key);
    try {
      return await this.take(key, now);
    } catch (err) {
      // A store that does not answer (a busy primary, a lost Redis) must not turn requests into 500s:
      // the request goes through, and the operator is told.
      this.onFailure(err, key);
      return this.decision(true, this.points, 60_000);
    }
  }

  /** One point, or a lease of `chunk` points, from the shared budget. */
  private async take(key: string, now: number): Promise<RateLimitDecision> {
    if (this.chunk > 1) {
      try {
        const res = await this.limiter.consume(key, this.chunk);
        this.leases.set(key, { left: this.chunk - 1, sharedRemaining: Math.max(0, res.remainingPoints), resetsAt: now + res.msBeforeNext });
        return this.decision(true, Math.max(0, res.remainingPoints) + this.chunk - 1, res.msBeforeNext);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // Fewer than a lease's worth is left: give it back and take the last points one by one.
        await this.limiter.reward(key, this.chunk);
      }
    }
    try {
      const res = await this.limiter.consume(key, 1);
      return this.decision(true, Math.max(0, res.remainingPoints), res.msBeforeNext);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return this.decision(false, 0, rejection.msBeforeNext);
      throw rejection;
    }
  }

  private decision(allowed: boolean, remaining: number, msBeforeNext: number): RateLimitDecision {
    return { allowed, limit: this.points, remaining, resetSeconds: Math.ceil(msBeforeNext / 1000) };
  }
}
