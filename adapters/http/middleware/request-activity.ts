import { Middleware } from 'koa';
import { LoadGauge } from '../../../application/shared/load-gauge';

/** A request that ended this recently still counts: the next one of a steady load is usually on its way. */
const QUIET_AFTER_MS = 20;

/**
 * Whether this process is serving requests: busy (1) while one is in flight or one ended in the last moments,
 * idle (0) otherwise. Background work that must give way to requests (imports) reads it; unlike the event
 * loop's utilization, its own work does not make the process look busy.
 */
export class RequestActivity implements LoadGauge {
  private inFlight = 0;
  private lastEnded = 0;

  utilization(): number {
    return this.inFlight > 0 || performance.now() - this.lastEnded < QUIET_AFTER_MS ? 1 : 0;
  }

  /** Counts the requests of the app it is mounted on. */
  middleware(): Middleware {
    return async (_ctx, next) => {
      this.inFlight++;
      try {
        await next();
      } finally {
        this.inFlight--;
        this.lastEnded = performance.now();
      }
    };
  }
}
