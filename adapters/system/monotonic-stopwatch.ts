import { performance } from 'node:perf_hooks';
import { Stopwatch } from '../../application/shared/clock';

/** The process's monotonic clock. A timer may fire up to a millisecond early by it, so `wait` checks and waits on. */
export class MonotonicStopwatch implements Stopwatch {
  elapsedMs(): number {
    return performance.now();
  }

  async wait(ms: number): Promise<void> {
    const until = performance.now() + ms;
    for (let left = ms; left > 0; left = until - performance.now()) {
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(left)));
    }
  }
}
