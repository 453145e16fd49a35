import { LoadGauge } from './load-gauge';

/** Above this the process is serving requests. */
const BUSY = 0.6;
const PAUSE_MS = 5;
/** However busy the process, background work moves at least this often. */
const MAX_WAIT_MS = 1000;

/**
 * Background work that writes in steps (an import's batches, the dispatcher's passes) shares the process with
 * its requests: after each step it lets the event loop turn (on SQLite a step never waits for I/O, so the
 * requests that arrived during it would otherwise not even be read), then, while requests are being served,
 * waits half as long as the step took. Requests keep two thirds of the time; the work still moves; with no
 * request it goes on at once.
 */
export async function shareWithRequests(load: LoadGauge, isActive: () => boolean, lastStepMs: number): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const started = performance.now();
  const wait = Math.min(MAX_WAIT_MS, lastStepMs / 2);
  while (isActive() && load.utilization() > BUSY && performance.now() - started < wait) {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}
