export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Whether the store that keeps the budgets answers (the readiness check shows it). */
export interface RateLimiterHealth {
  /**
   * `degraded`: the store shared with other processes does not answer, and each process enforces its own
   * share of every budget (the budget divided by the processes of a node) until it answers again.
   */
  store: 'ok' | 'degraded';
  /** When the store stopped answering (ISO 8601); only while degraded. */
  since?: string;
}

export interface RateLimiter {
  /**
   * Takes one point of `key`'s budget; meant never to fail, whatever the store does. A rejection anyway is
   * no refusal: the caller lets the request through and counts it.
   */
  consume(key: string): Promise<RateLimitDecision>;
  /**
   * The refusal `consume` would answer, when this process already knows that `key`'s budget is spent
   * until the window resets; null otherwise. Never asks the store, so it costs nothing per request.
   */
  knownRefusal(key: string): RateLimitDecision | null;
  health(): RateLimiterHealth;
}
