import { BackgroundWork } from '../shared/background-work';
import { Logger } from '../shared/logger';
import { DealDispatchTrigger } from './deal-dispatch-trigger';
import { DispatchDealEvents } from './dispatch-deal-events';
import { PurgeIdempotencyKeys } from './purge-idempotency-keys';

const PURGE_INTERVAL_MS = 10 * 60 * 1000;
const DISPATCH_BATCH = 100;

/**
 * Runs the dispatcher in the background of the server: on an interval, and soon after a deal write.
 * Inert until started, so the CLI and tests run nothing behind their back. One run at a time per
 * process; several processes are safe because each event is claimed by one of them for a lease.
 */
export class DealDispatchScheduler implements DealDispatchTrigger, BackgroundWork {
  private active = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private lastPurge = 0;

  constructor(
    private readonly dispatch: () => DispatchDealEvents,
    private readonly purge: () => PurgeIdempotencyKeys,
    private readonly logger: () => Logger,
    /** How often it looks at the outbox on its own (OUTBOX_POLL_MS); writes also wake it at once. */
    private readonly intervalMs = 1000,
  ) {}

  kick(): void {
    if (!this.active) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.drain())
      .finally(() => {
        this.running = null;
      });
  }

  start(): () => Promise<void> {
    this.active = true;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
    return async () => {
      this.active = false;
      clearInterval(this.timer);
      await this.running;
    };
  }

  private async drain(): Promise<void> {
    try {
      do {
        this.again = false;
        const report = await this.dispatch().execute({ limit: DISPATCH_BATCH });
        if (report.claimed === DISPATCH_BATCH) this.again = true;
      } while (this.again && this.active);
      if (Date.now() - this.lastPurge >= PURGE_INTERVAL_MS) {
        this.lastPurge = Date.now();
        await this.purge().execute({});
      }
    } catch (err) {
      this.logger().error({ err }, 'deal event dispatch failed');
    }
  }
}
