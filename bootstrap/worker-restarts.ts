/** What the cluster primary does after a worker exits on its own with a failure. */
export type RestartDecision = { restart: true; delayMs: number } | { restart: false; failures: number; withinMs: number };

export interface RestartPolicy {
  /** A worker that has listened this long had started: its crash is forked again at once. */
  startedAfterMs: number;
  /** This many failures to start within `windowMs` stop the primary. */
  maxFailures: number;
  windowMs: number;
  /** The wait before forking again after the first failure to start; it doubles with each failure in the window. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  startedAfterMs: 10_000,
  maxFailures: 5,
  windowMs: 60_000,
  firstDelayMs: 1000,
  maxDelayMs: 30_000,
};

/**
 * The primary's memory of its workers' failures. A worker that dies before it has served for a while
 * (the port is taken, the database refuses it) would die the same way at once if forked again: such
 * failures are retried later and later (1 s, 2 s, 4 s…), and past a few within a minute the primary
 * gives up rather than fork in a loop. A worker that had been serving is replaced at once.
 */
export class WorkerRestarts {
  private failures: number[] = [];

  constructor(private readonly policy: RestartPolicy = DEFAULT_RESTART_POLICY) {}

  /** `now` and `listenedAt` (when the worker started listening, if it did) in milliseconds. */
  afterCrash(now: number, listenedAt: number | undefined): RestartDecision {
    const { startedAfterMs, maxFailures, windowMs, firstDelayMs, maxDelayMs } = this.policy;
    if (listenedAt !== undefined && now - listenedAt >= startedAfterMs) return { restart: true, delayMs: 0 };
    this.failures = [...this.failures.filter((at) => now - at < windowMs), now];
    const n = this.failures.length;
    if (n >= maxFailures) return { restart: false, failures: n, withinMs: windowMs };
    return { restart: true, delayMs: Math.min(maxDelayMs, firstDelayMs * 2 ** (n - 1)) };
  }
}
