import { AttemptResult, EventDelivery, EventDeliveryData, SubscriptionVerdict } from '../../domain/events/event-delivery';
import { EventDeliveryRepository } from '../../domain/events/event-delivery-repository';
import { EventData } from '../../domain/events/event';
import { EventOutbox } from '../../domain/events/event-outbox';
import { EventSubscription, EventSubscriptionData } from '../../domain/events/event-subscription';
import { EventSubscriptionRepository } from '../../domain/events/event-subscription-repository';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { Logger } from '../shared/logger';
import { Metrics, noMetrics } from '../shared/metrics';
import { UnitOfWork } from '../shared/unit-of-work';
import { CredentialCipher, SecretsKeyMissing, UnreadableCredentials } from '../whatsapp/credential-cipher';
import { EventSender } from './event-sender';
import { EventSigning } from './event-signing';

export interface DeliverySettings {
  timeoutMs: number;
  retryScheduleMs: readonly number[];
  /** A subscription whose attempts have all failed for this long is disabled. */
  disableAfterMs: number;
  /** How long a claim holds a delivery: longer than the timeout, so an attempt under way is never taken over. */
  leaseMs: number;
  /** Attempts sent at once by one node, and deliveries it claims at once. */
  concurrency: number;
}

export interface DeliveryReport {
  claimed: number;
  succeeded: number;
  failed: number;
}

/** What is sent: an event of the log, or the test ping (not in the log). */
export type SentEvent = Pick<EventData, 'id' | 'createdAt' | 'data'> & { type: EventData['type'] | 'ping' };

/** What one attempt came to, to be written with the rest of its batch. */
interface Outcome {
  delivery: EventDelivery;
  verdict: SubscriptionVerdict | 'abandoned';
  /** What the receiver said; null when no attempt was made (abandoned). */
  result: AttemptResult | null;
  at: Date;
}

/** The subscriptions and events of one batch, each read once however many of its deliveries name it. */
class BatchReads {
  private readonly subscriptions = new Map<string, Promise<EventSubscriptionData | null>>();
  private readonly events = new Map<string, Promise<EventData | null>>();

  constructor(
    private readonly subscriptionRepository: EventSubscriptionRepository,
    private readonly eventLog: EventOutbox,
  ) {}

  subscription(team: TeamContext, id: string): Promise<EventSubscriptionData | null> {
    let read = this.subscriptions.get(id);
    if (!read) this.subscriptions.set(id, (read = this.subscriptionRepository.findById(team, id)));
    return read;
  }

  event(team: TeamContext, id: string): Promise<EventData | null> {
    let read = this.events.get(id);
    if (!read) this.events.set(id, (read = this.eventLog.findById(team, id)));
    return read;
  }
}

/** The body a subscriber receives: `{ id, type, created_at, data: { object, previous? } }`. */
export const eventBody = (event: SentEvent): string =>
  JSON.stringify({ id: event.id, type: event.type, created_at: event.createdAt, data: event.data });

/**
 * Sends the due deliveries, across teams, on any number of nodes: each is claimed by one node for a lease,
 * sent outside any transaction (nothing waits on the network with a transaction open), and its outcome
 * written only while the claim holds. A 2xx succeeds; anything else is retried on the schedule; 410 Gone
 * disables the subscription at once, as does failing every attempt for `disableAfterMs`.
 */
export class DeliverEvents {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly deliveries: EventDeliveryRepository,
    private readonly subscriptions: EventSubscriptionRepository,
    private readonly events: EventOutbox,
    private readonly sender: EventSender,
    private readonly signing: EventSigning,
    private readonly cipher: CredentialCipher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly settings: DeliverySettings,
    private readonly metrics: Metrics = noMetrics,
  ) {}

  /**
   * Claims at most `concurrency` due deliveries (fewer when `limit` says so) and attempts them all at once:
   * every delivery claimed is under way at once, so that it ends within the lease. A claim of more, sent
   * a few at a time, would send its last ones after the lease, while another node sends them too. Each
   * subscription and event of the batch is read once, and the batch's outcomes are written in one unit of
   * work once every attempt has ended.
   */
  async execute(limit = 50): Promise<DeliveryReport> {
    const now = this.clock.now();
    const claimed = await this.deliveries.claimDue(
      now,
      new Date(now.getTime() + this.settings.leaseMs),
      Math.min(limit, this.settings.concurrency),
    );
    const report: DeliveryReport = { claimed: claimed.length, succeeded: 0, failed: 0 };
    if (claimed.length === 0) return report;
    const reads = new BatchReads(this.subscriptions, this.events);
    const outcomes = (
      await Promise.all(
        claimed.map((data) =>
          this.attempt(data, reads).catch((err: unknown) => {
            this.logger.error({ err, delivery_id: data.id }, 'event delivery failed unexpectedly');
            return null;
          }),
        ),
      )
    ).filter((o): o is Outcome => o !== null);
    await this.record(outcomes);
    for (const o of outcomes) {
      this.metrics.count('eventDeliveries', { outcome: o.verdict });
      if (o.verdict === 'succeeded') report.succeeded += 1;
      else report.failed += 1;
      if (o.verdict === 'succeeded' || o.verdict === 'abandoned') continue;
      const d = o.delivery.snapshot();
      this.logger.warn(
        {
          delivery_id: d.id,
          subscription_id: d.subscriptionId,
          attempt: d.attempts,
          status_code: o.result?.statusCode,
          error: d.lastError,
        },
        'event delivery attempt failed',
      );
    }
    report.failed += claimed.length - outcomes.length;
    return report;
  }

  /** One attempt of one claimed delivery, not yet written. */
  private async attempt(data: EventDeliveryData, reads: BatchReads): Promise<Outcome> {
    const team: TeamContext = { teamId: data.teamId };
    const delivery = EventDelivery.restore(data);
    const [stored, event] = await Promise.all([reads.subscription(team, data.subscriptionId), reads.event(team, data.eventId)]);
    const subscription = stored && EventSubscription.restore(stored);
    if (!subscription || !subscription.isDelivering || !event) {
      delivery.abandon(!event ? 'The event is no longer kept' : 'The subscription was deleted or disabled', this.clock.now());
      return { delivery, verdict: 'abandoned', result: null, at: this.clock.now() };
    }
    const result = await this.send(subscription.snapshot(), event);
    const at = this.clock.now();
    return { delivery, verdict: delivery.attempted(result, this.settings.retryScheduleMs, at), result, at };
  }

  /**
   * The outcomes of a batch, in one unit of work: each only while its claim holds (another node that took
   * a delivery over after the lease has the last word), its attempt recorded, and what the attempts say of
   * each subscription (succeeding again, failing since when, gone) written once.
   */
  private async record(outcomes: readonly Outcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    await this.uow.run(async () => {
      const touched = new Map<string, { subscription: EventSubscription; changed: boolean } | null>();
      for (const { delivery, verdict, result, at } of outcomes) {
        const d = delivery.snapshot();
        if (!(await this.deliveries.save(d))) continue;
        if (result === null) continue;
        await this.deliveries.addAttempt({
          id: this.ids.next(),
          teamId: d.teamId,
          deliveryId: d.id,
          subscriptionId: d.subscriptionId,
          attempt: d.attempts,
          attemptedAt: at.toISOString(),
          statusCode: result.statusCode,
          durationMs: result.durationMs,
          error: result.error,
        });
        if (!touched.has(d.subscriptionId)) {
          const current = await this.subscriptions.findById({ teamId: d.teamId }, d.subscriptionId);
          touched.set(d.subscriptionId, current && { subscription: EventSubscription.restore(current), changed: false });
        }
        const entry = touched.get(d.subscriptionId);
        if (!entry) continue;
        if (verdict === 'succeeded') entry.changed = entry.subscription.deliverySucceeded() || entry.changed;
        else if (verdict === 'gone') {
          entry.subscription.disable('The receiver answered 410 Gone', at);
          entry.changed = true;
        } else entry.changed = entry.subscription.deliveryFailed(at, this.settings.disableAfterMs) || entry.changed;
      }
      for (const entry of touched.values()) if (entry?.changed) await this.subscriptions.update(entry.subscription.snapshot());
    });
  }

  /** Signs and sends an event to a subscription now (a delivery, or the test ping). */
  async send(subscription: EventSubscriptionData, event: SentEvent): Promise<AttemptResult> {
    const now = this.clock.now();
    const [current, ...previous] = EventSubscription.restore(subscription).secretsSealedAt(now);
    const secrets: string[] = [];
    try {
      secrets.push(this.cipher.open(current));
    } catch (err) {
      if (!(err instanceof UnreadableCredentials || err instanceof SecretsKeyMissing)) throw err;
      // Never sent unsigned: the attempt fails, saying what the operator or the integrator can do.
      return {
        statusCode: null,
        durationMs: 0,
        retryAfterMs: null,
        error: "The subscription's signing secret cannot be opened with this server's SECRETS_KEY: rotate the secret",
      };
    }
    // A rotated-out secret no key opens any more only signs no longer: the current one still does.
    for (const sealed of previous) {
      try {
        secrets.push(this.cipher.open(sealed));
      } catch (err) {
        if (!(err instanceof UnreadableCredentials || err instanceof SecretsKeyMissing)) throw err;
      }
    }
    const body = eventBody(event);
    return this.sender.send({
      url: subscription.url,
      body,
      timeoutMs: this.settings.timeoutMs,
      headers: {
        'webhook-id': event.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': this.signing.signature(secrets, event.id, now, body),
      },
    });
  }
}
