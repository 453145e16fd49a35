import { MinimiseRawPayloads } from '../privacy/minimise-raw-payloads';
import { BackgroundLoop } from '../shared/background-loop';
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
const MINIMISE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Runs the deliverer in the background of the server: on an interval (retries come due on their own), and
 * soon after the dispatcher hands events out, again at once while it finds any due; every 10 minutes it drops
 * the raw payloads past their retention (a failure is logged, and the loop goes on) and purges the events past
 * theirs. Several processes are safe: each delivery is claimed by one, and dropping a payload again changes nothing.
 */
export class EventDeliveryScheduler implements EventDeliveryTrigger, BackgroundWork {
  private readonly loop: BackgroundLoop;

  constructor(
    deliver: () => DeliverEvents,
    purge: () => PurgeEvents,
    minimise: () => MinimiseRawPayloads,
    logger: () => Logger,
    intervalMs = 1000,
    /** How busy this process is: requests come first, deliveries take what they leave. */
    private readonly load: LoadGauge = idleGauge,
  ) {
    this.loop = new BackgroundLoop(
      async (isActive) => {
        await this.giveWay(isActive);
        // A run claims no more than it attempts at once (DeliverEvents): again until none is due.
        return (await deliver().execute(BATCH)).claimed > 0;
      },
      (err) => logger().error({ err }, 'event delivery failed'),
      intervalMs,
      [
        // First, and never throwing: a failing purge does not keep raw payloads past their retention.
        { intervalMs: MINIMISE_INTERVAL_MS, run: () => this.minimise(minimise, logger) },
        { intervalMs: PURGE_INTERVAL_MS, run: () => purge().execute() },
      ],
    );
  }

  /** Drops the raw payloads past their retention; a failure is logged under its own name and tried again next time. */
  private async minimise(minimise: () => MinimiseRawPayloads, logger: () => Logger): Promise<void> {
    try {
      const dropped = await minimise().execute();
      if (dropped.inboundDeliveries + dropped.whatsappMessages > 0) logger().info({ dropped }, 'raw payloads past their retention dropped');
    } catch (err) {
      logger().error({ err }, 'raw payload minimisation failed');
    }
  }

  kick(): void {
    this.loop.kick();
  }

  start(): () => Promise<void> {
    return this.loop.start();
  }

  /**
   * Waits while the process is busy serving requests (up to MAX_WAIT_MS): a burst of writes is answered at
   * the pace it would have without subscriptions, and its events are delivered as the load allows, or after.
   */
  private async giveWay(isActive: () => boolean): Promise<void> {
    const started = Date.now();
    while (isActive() && this.load.utilization() > BUSY && Date.now() - started < MAX_WAIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }
}
