import type Redis from 'ioredis';
import {
  RateLimiterAbstract,
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { RateLimitDecision, RateLimiter, RateLimiterHealth } from '../../application/shared/rate-limiter';
import { StoreWatch } from './store-watch';

/**
 * A fixed one-minute window per key, kept by rate-limiter-flexible: in process memory for one node, in the
 * cluster primary for the workers of one node, or in Redis so that several API nodes share one budget.
 * When the shared store does not answer (a busy primary, a lost Redis), each process answers from its own
 * share of the budget until the store answers again: never an error, never more than the budget per node.
 */
/** Points this process took from the shared budget ahead of use, and until when they are valid. */
interface Lease {
  left: number;
  /** What the shared store had left after the lease was taken. */
  sharedRemaining: number;
  resetsAt: number;
}

/** A key whose budget this process knows to be spent, until the window resets. */
interface Spent {
  limit: number;
  resetsAt: number;
}

export interface SharedOptions {
  /**
   * The processes of one node that take from this budget: while the store does not answer, each keeps
   * `points / workers` of it, so the node as a whole still keeps its budget. 1 by default.
   */
  workers?: number;
  /** Shared by every limiter kept in the same store, so an outage is told once. */
  watch?: StoreWatch;
  /** How long a request waits for the store before it is answered from the local share (ms). */
  timeoutMs?: number;
  /** Names the limiter in logs. */
  name?: string;
}

/** Above this many entries, the expired ones are dropped (a flood of distinct keys must not grow memory). */
const PRUNE_ABOVE = 10_000;

const DEFAULT_TIMEOUT_MS = 1000;

const prune = <T extends { resetsAt: number }>(map: Map<string, T>, now: number): void => {
  if (map.size <= PRUNE_ABOVE) return;
  for (const [key, entry] of map) if (entry.resetsAt <= now) map.delete(key);
};

export class FlexibleRateLimiter implements RateLimiter {
  private readonly leases = new Map<string, Lease>();
  /**
   * The take from the shared store under way for a key, if any. Requests of the key that find no lease
   * wait for it and use its lease, rather than each taking a lease of their own: a second take would
   * replace the first lease, and the points left in it would be lost to the budget.
   */
  private readonly taking = new Map<string, Promise<unknown>>();
  private readonly spent = new Map<string, Spent>();
  /**
   * A process that shares its budget with others (cluster workers, API nodes) takes this many points at a
   * time, so only one request in `chunk` waits for another process. The budget is never exceeded: a
   * lease not used up by the end of the window is lost, at most chunk − 1 points per process and key.
   */
  private readonly chunk: number;
  /** This process's share of the budget, kept here while the shared store does not answer. */
  private readonly local: { limiter: RateLimiterMemory; points: number } | null;
  private readonly watch: StoreWatch;
  private readonly timeoutMs: number | null;
  private readonly name: string;

  private constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly points: number,
    shared: SharedOptions | null,
  ) {
    this.chunk = shared ? Math.max(1, Math.floor(points / 50)) : 1;
    const share = Math.max(1, Math.floor(points / Math.max(1, shared?.workers ?? 1)));
    this.local = shared ? { limiter: new RateLimiterMemory({ points: share, duration: 60 }), points: share } : null;
    this.watch = shared?.watch ?? new StoreWatch();
    this.timeoutMs = shared ? (shared.timeoutMs ?? DEFAULT_TIMEOUT_MS) : null;
    this.name = shared?.name ?? 'rate limit';
  }

  static inMemory(perMinute: number): FlexibleRateLimiter {
    return new FlexibleRateLimiter(new RateLimiterMemory({ points: perMinute, duration: 60 }), perMinute, null);
  }

  /**
   * For a worker of a node:cluster server: the budget lives in the primary process (see
   * `startClusterPrimary`), so all workers of one node share it. Each limiter needs its own `keyPrefix`.
   */
  static clusterWorker(perMinute: number, keyPrefix = 'api', options: SharedOptions = {}): FlexibleRateLimiter {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return FlexibleRateLimiter.shared(
      new RateLimiterCluster({ points: perMinute, duration: 60, keyPrefix, timeoutMs }),
      perMinute,
      options,
    );
  }

  /** Call once in the primary process before forking workers that use `clusterWorker`. */
  static startClusterPrimary(): void {
    new RateLimiterClusterMaster();
  }

  /** A budget that other processes take from too, kept in `store`: the processes lease points from it. */
  static shared(store: RateLimiterAbstract, perMinute: number, options: SharedOptions = {}): FlexibleRateLimiter {
    return new FlexibleRateLimiter(store, perMinute, options);
  }

  static redis(client: Redis, perMinute: number, keyPrefix = 'workspace-api:rl', options: SharedOptions = {}): FlexibleRateLimiter {
    // No insurance limiter: it would answer silently with the whole budget in every process; the local
    // share below answers instead, and the outage is told.
    const limiter = new RateLimiterRedis({ storeClient: client, points: perMinute, duration: 60, keyPrefix });
    return FlexibleRateLimiter.shared(limiter, perMinute, options);
  }

  health(): RateLimiterHealth {
    return this.watch.health();
  }

  knownRefusal(key: string): RateLimitDecision | null {
    const spent = this.spent.get(key);
    if (!spent) return null;
    const now = Date.now();
    if (spent.resetsAt <= now) {
      this.spent.delete(key);
      return null;
    }
    return { allowed: false, limit: spent.limit, remaining: 0, resetSeconds: Math.ceil((spent.resetsAt - now) / 1000) };
  }

  async consume(key: string): Promise<RateLimitDecision> {
    for (;;) {
      const known = this.knownRefusal(key);
      if (known) return known;
      const now = Date.now();
      const lease = this.leases.get(key);
      if (lease && lease.left > 0 && lease.resetsAt > now) {
        lease.left--;
        return this.answer(key, true, lease.sharedRemaining + lease.left, lease.resetsAt - now);
      }
      if (lease) this.leases.delete(key);
      const pending = this.taking.get(key);
      if (!pending) return this.ask(key, now);
      // Then its lease, its refusal or the store's outage answers this request too.
      await pending;
    }
  }

  /** One request asks the shared store for the key, the others of the key wait for its answer. */
  private async ask(key: string, now: number): Promise<RateLimitDecision> {
    if (!this.watch.mayAsk(now)) return this.fromLocalShare(key);
    const asking = this.withTimeout(this.take(key, now));
    const settled = asking
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.taking.delete(key));
    if (this.chunk > 1) this.taking.set(key, settled);
    try {
      const answer = await asking;
      this.watch.answered(now);
      return answer;
    } catch (err) {
      // A store that does not answer must not turn requests into 500s, nor lift the limit: the local
      // share answers, and the watch tells the operator once.
      this.watch.failed(err, this.name);
      return this.fromLocalShare(key);
    }
  }

  /** One point, or a lease of `chunk` points, from the shared budget. */
  private async take(key: string, now: number): Promise<RateLimitDecision> {
    if (this.chunk > 1) {
      try {
        const res = await this.limiter.consume(key, this.chunk);
        prune(this.leases, now);
        this.leases.set(key, { left: this.chunk - 1, sharedRemaining: Math.max(0, res.remainingPoints), resetsAt: now + res.msBeforeNext });
        return this.answer(key, true, Math.max(0, res.remainingPoints) + this.chunk - 1, res.msBeforeNext);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // Fewer than a lease's worth is left: give it back and take the last points one by one.
        await this.limiter.reward(key, this.chunk);
      }
    }
    try {
      const res = await this.limiter.consume(key, 1);
      return this.answer(key, true, Math.max(0, res.remainingPoints), res.msBeforeNext);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return this.answer(key, false, 0, rejection.msBeforeNext);
      throw rejection;
    }
  }

  private async fromLocalShare(key: string): Promise<RateLimitDecision> {
    const letThrough = { allowed: true, limit: this.points, remaining: this.points, resetSeconds: 60 };
    if (!this.local) return letThrough;
    try {
      const res = await this.local.limiter.consume(key, 1);
      this.watch.answeredLocally(true);
      return this.answer(key, true, Math.max(0, res.remainingPoints), res.msBeforeNext, this.local.points);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) return letThrough;
      this.watch.answeredLocally(false);
      return this.answer(key, false, 0, rejection.msBeforeNext, this.local.points);
    }
  }

  private withTimeout<T>(work: Promise<T>): Promise<T> {
    if (this.timeoutMs === null) return work;
    const ms = this.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`rate limiter store did not answer within ${ms} ms`)), ms);
      timer.unref();
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }

  /** A decision; one that leaves nothing of the budget is remembered, so the next refusals ask no store. */
  private answer(key: string, allowed: boolean, remaining: number, msBeforeNext: number, limit = this.points): RateLimitDecision {
    if (!allowed || remaining <= 0) {
      const now = Date.now();
      prune(this.spent, now);
      this.spent.set(key, { limit, resetsAt: now + msBeforeNext });
    }
    return { allowed, limit, remaining, resetSeconds: Math.ceil(msBeforeNext / 1000) };
  }
}
