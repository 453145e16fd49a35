// Whether the store behind the rate limiters answers. One watch per store, shared by every limiter kept
// in it, so an outage is told once however many limiters and requests run into it.
import { Logger } from '../../application/shared/logger';
import { RateLimiterHealth } from '../../application/shared/rate-limiter';

interface Outage {
  since: number;
  /** No request asks the store before then; they are answered from the local share. */
  nextTry: number;
  allowed: number;
  refused: number;
}

export interface StoreWatchOptions {
  /** While the store does not answer, one request asks it again after this long (ms); the others do not wait. */
  retryMs?: number;
}

export class StoreWatch {
  private outage: Outage | null = null;
  private readonly retryMs: number;

  constructor(
    private readonly logger?: Pick<Logger, 'info' | 'warn'>,
    options: StoreWatchOptions = {},
  ) {
    this.retryMs = options.retryMs ?? 1000;
  }

  health(): RateLimiterHealth {
    return this.outage ? { store: 'degraded', since: new Date(this.outage.since).toISOString() } : { store: 'ok' };
  }

  /** Whether a request asks the store: always while it answers; while it does not, one per retry interval. */
  mayAsk(now: number): boolean {
    if (!this.outage) return true;
    if (now < this.outage.nextTry) return false;
    this.outage.nextTry = now + this.retryMs;
    return true;
  }

  failed(err: unknown, limiter: string): void {
    const now = Date.now();
    if (this.outage) {
      this.outage.nextTry = now + this.retryMs;
      return;
    }
    this.outage = { since: now, nextTry: now + this.retryMs, allowed: 0, refused: 0 };
    this.logger?.warn(
      { err, limiter },
      'rate limiter store does not answer: each process keeps its own share of every budget until it does',
    );
  }

  /** The store answered a request that started at `startedAt` (one started before the outage says nothing of now). */
  answered(startedAt: number): void {
    if (!this.outage || startedAt < this.outage.since) return;
    const { since, allowed, refused } = this.outage;
    this.outage = null;
    this.logger?.info(
      { downSeconds: Math.round((Date.now() - since) / 1000), answeredLocally: allowed + refused, refusedLocally: refused },
      'rate limiter store answers again: budgets are shared again',
    );
  }

  /** A request answered from the local share while the store does not answer. */
  answeredLocally(allowed: boolean): void {
    if (!this.outage) return;
    if (allowed) this.outage.allowed++;
    else this.outage.refused++;
  }
}
