export interface Clock {
  now(): Date;
}

/**
 * Time that only moves forward, unlike a wall clock, which may be set back: for how long something may be
 * trusted, never for a date.
 */
export interface Stopwatch {
  /** Milliseconds since a fixed, arbitrary start. */
  elapsedMs(): number;
  /** Resolves once at least `ms` milliseconds have passed on this stopwatch. */
  wait(ms: number): Promise<void>;
}
