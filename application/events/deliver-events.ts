import { AttemptResult, EventDelivery, EventDeliveryData } from '../../domain/events/event-delivery';
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
   * a few at a time, would send its last ones after the lease, while another node sends them too.
   */
  async execute(limit = 50): Promise<DeliveryReport> {
    const now = this.clock.now();
    const claimed = await this.deliveries.claimDue(
      now,
      new Date(now.getTime() + this.settings.leaseMs),
      Math.min(limit, this.settings.concurrency),
    );
    const report: DeliveryReport = { claimed: claimed.length, succeeded: 0, failed: 0 };
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const delivery = claimed[next++];
        const ok = await this.attempt(delivery).catch((err: unknown) => {
          this.logger.error({ err, delivery_id: delivery.id }, 'event delivery failed unexpectedly');
          return false;
        });
        if (ok) report.succeeded += 1;
        else report.failed += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.settings.concurrency, claimed.length) }, worker));
    return report;
  }

  /** One attempt of one claimed delivery; true when it succeeded. */
  private async attempt(data: EventDeliveryData): Promise<boolean> {
    const team: TeamContext = { teamId: data.teamId };
    const delivery = EventDelivery.restore(data);
    const [stored, event] = await Promise.all([
      this.subscriptions.findById(team, data.subscriptionId),
      this.events.findById(team, data.eventId),
    ]);
    const subscription = stored && EventSubscription.restore(stored);
    if (!subscription || !subscription.isDelivering || !event) {
      delivery.abandon(!event ? 'The event is no longer kept' : 'The subscription was deleted or disabled', this.clock.now());
      await this.deliveries.save(delivery.snapshot());
      this.metrics.count('eventDeliveries', { outcome: 'abandoned' });
      return false;
    }
    const result = await this.send(subscription.snapshot(), event);
    const now = this.clock.now();
    const verdict = delivery.attempted(result, this.settings.retryScheduleMs, now);
    this.metrics.count('eventDeliveries', { outcome: verdict });
    await this.uow.run(async () => {
      if (!(await this.deliveries.save(delivery.snapshot()))) return; // another node took it over: its outcome counts
      await this.deliveries.addAttempt({
        id: this.ids.next(),
        teamId: data.teamId,
        deliveryId: data.id,
        subscriptionId: data.subscriptionId,
        attempt: delivery.attempts,
        attemptedAt: now.toISOString(),
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
      });
      const current = await this.subscriptions.findById(team, data.subscriptionId);
      if (!current) return;
      const s = EventSubscription.restore(current);
      let changed: boolean;
      if (verdict === 'succeeded') changed = s.deliverySucceeded();
      else if (verdict === 'gone') {
        s.disable('The receiver answered 410 Gone', now);
        changed = true;
      } else changed = s.deliveryFailed(now, this.settings.disableAfterMs);
      if (changed) await this.subscriptions.update(s.snapshot());
    });
    if (verdict !== 'succeeded') {
      this.logger.warn(
        {
          delivery_id: data.id,
          subscription_id: data.subscriptionId,
          attempt: delivery.attempts,
          status_code: result.statusCode,
          error: result.error,
        },
        'event delivery attempt failed',
      );
    }
    return verdict === 'succeeded';
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
