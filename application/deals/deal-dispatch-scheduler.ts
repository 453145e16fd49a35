import { BackgroundLoop } from '../shared/background-loop';
import { LoadGauge, idleGauge } from '../shared/load-gauge';
import { shareWithRequests } from '../shared/share-with-requests';
import { BackgroundWork } from '../shared/background-work';
import { Logger } from '../shared/logger';
import { DealDispatchTrigger } from './deal-dispatch-trigger';
import { DispatchDealEvents } from './dispatch-deal-events';
import { PurgeIdempotencyKeys } from './purge-idempotency-keys';

const PURGE_INTERVAL_MS = 10 * 60 * 1000;
const DISPATCH_BATCH = 100;

/**
 * Runs the dispatcher in the background of the server: on an interval, and soon after a write, again at once
 * while it finds full batches; every 10 minutes it purges expired Idempotency-Keys. Several processes are
 * safe because each event is claimed by one of them for a lease.
 */
export class DealDispatchScheduler implements DealDispatchTrigger, BackgroundWork {
  private readonly loop: BackgroundLoop;

  constructor(
    dispatch: () => DispatchDealEvents,
    purge: () => PurgeIdempotencyKeys,
    logger: () => Logger,
    /** How often it looks at the outbox on its own (OUTBOX_POLL_MS); writes also wake it at once. */
    intervalMs = 1000,
    /** The requests this process serves: a backlog (an import's events) is dispatched in the time they leave. */
    load: LoadGauge = idleGauge,
  ) {
    let lastPassMs = 0;
    this.loop = new BackgroundLoop(
      async (isActive) => {
        await shareWithRequests(load, isActive, lastPassMs);
        const started = performance.now();
        const { claimed } = await dispatch().execute({ limit: DISPATCH_BATCH });
        lastPassMs = performance.now() - started;
        return claimed === DISPATCH_BATCH;
      },
      (err) => logger().error({ err }, 'deal event dispatch failed'),
      intervalMs,
      [{ intervalMs: PURGE_INTERVAL_MS, run: () => purge().execute({}) }],
    );
  }

  kick(): void {
    this.loop.kick();
  }

  start(): () => Promise<void> {
    return this.loop.start();
  }
}
