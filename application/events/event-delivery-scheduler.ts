import { BackgroundWork } from '../shared/background-work';
import { LoadGauge, idleGauge } from '../shared/load-gauge';
import { Logger } from '../shared/logger';
import { DeliverEvents } from './deliver-events';
import { EventDeliveryTrigger } from './fan-out-events';
import { PurgeEvents } from './purge-events';

const BATCH = 50;
/** Above this utilization the process is busy serving: deliveries wait, a little at a time. */
const BUSY = 0.6;
const PAUSE_MS = 25;
/** However busy the process, a batch goes out at least this often: deliveries are late, never stuck. */
const MAX_WAIT_MS = 1000;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Runs the deliverer in the background of the server: on an interval (retries come due on their own), and
 * soon after the dispatcher hands events out; now and then it purges the events past their retention. Inert until started, so the CLI and tests run nothing behind
 * their back; one run at a time per process, and several processes are safe (each delivery is claimed by one).
 */
export class EventDeliveryScheduler implements EventDeliveryTrigger, BackgroundWork {
  private active = false;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private lastPurge = 0;

  constructor(
    private readonly deliver: () => DeliverEvents,
    private readonly purge: () => PurgeEvents,
    private readonly logger: () => Logger,
    private readonly intervalMs = 1000,
    /** How busy this process is: requests come first, deliveries take what they leave. */
    private readonly load: LoadGauge = idleGauge,
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

  /**
   * Waits while the process is busy serving requests (up to MAX_WAIT_MS): a burst of writes is answered at
   * the pace it would have without subscriptions, and its events are delivered as the load allows, or after.
   */
  private async giveWay(): Promise<void> {
    const started = Date.now();
    while (this.active && this.load.utilization() > BUSY && Date.now() - started < MAX_WAIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }

  private async drain(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.giveWay();
        // A run claims no more than it attempts at once (DeliverEvents): again until none is due.
        const report = await this.deliver().execute(BATCH);
        if (report.claimed > 0) this.again = true;
      } while (this.again && this.active);
      if (Date.now() - this.lastPurge >= PURGE_INTERVAL_MS) {
        this.lastPurge = Date.now();
        await this.purge().execute();
      }
    } catch (err) {
      this.logger().error({ err }, 'event delivery failed');
    }
  }
}
