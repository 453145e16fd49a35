import { EventDelivery, EventDeliveryStatus } from '../../domain/events/event-delivery';
import { DeliveryView, EventDeliveryRepository } from '../../domain/events/event-delivery-repository';
import { EventSubscriptionRepository } from '../../domain/events/event-subscription-repository';
import { ListQuery, Page, UpdatedSince } from '../../domain/shared/list';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { EventDeliveryTrigger } from './fan-out-events';
import { subscriptionOrNotFound } from './get-event-subscription';

export interface ListEventDeliveriesCommand extends UpdatedSince {
  subscriptionId: string;
  status?: Exclude<EventDeliveryStatus, 'processing'>;
  query: ListQuery<'created_at'>;
}

/** GET /event-subscriptions/:id/deliveries: newest first, each with its attempts. */
export class ListEventDeliveries {
  constructor(
    private readonly subscriptions: EventSubscriptionRepository,
    private readonly deliveries: EventDeliveryRepository,
  ) {}

  async execute(team: TeamContext, command: ListEventDeliveriesCommand): Promise<Page<DeliveryView>> {
    await subscriptionOrNotFound(this.subscriptions, team, command.subscriptionId);
    const { page, limit, sort } = command.query;
    return this.deliveries.list(team, command.subscriptionId, {
      status: command.status,
      updatedSince: command.updatedSince,
      page,
      limit,
      ascending: !sort.descending,
    });
  }
}

export interface RetryEventDeliveryCommand {
  subscriptionId: string;
  deliveryId: string;
}

/**
 * POST /event-subscriptions/:id/deliveries/:deliveryId/retry: queued again now, whatever it came to; the
 * deliverer sends it at once, with the same `webhook-id` (never inside this request).
 */
export class RetryEventDelivery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: EventSubscriptionRepository,
    private readonly deliveries: EventDeliveryRepository,
    private readonly clock: Clock,
    private readonly deliverer: EventDeliveryTrigger,
  ) {}

  async execute(team: TeamContext, command: RetryEventDeliveryCommand): Promise<DeliveryView> {
    const view = await this.uow.run(async () => {
      await subscriptionOrNotFound(this.subscriptions, team, command.subscriptionId);
      const found = await this.deliveries.findById(team, command.subscriptionId, command.deliveryId);
      if (!found) throw new NotFound('Delivery not found');
      const delivery = EventDelivery.restore(found.delivery);
      delivery.requeue(this.clock.now());
      await this.deliveries.requeue(delivery.snapshot());
      return { ...found, delivery: delivery.snapshot() };
    });
    this.deliverer.kick();
    return view;
  }
}

export interface RecoverEventDeliveriesCommand {
  subscriptionId: string;
  /** Failed deliveries created at or after this moment (ISO 8601) are queued again. */
  since: string;
}

/** At most this many deliveries are queued again by one recover. */
export const RECOVER_LIMIT = 10_000;

/** POST /event-subscriptions/:id/recover: every failed delivery since then, queued again now. */
export class RecoverEventDeliveries {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: EventSubscriptionRepository,
    private readonly deliveries: EventDeliveryRepository,
    private readonly clock: Clock,
    private readonly deliverer: EventDeliveryTrigger,
  ) {}

  async execute(team: TeamContext, command: RecoverEventDeliveriesCommand): Promise<{ requeued: number }> {
    const requeued = await this.uow.run(async () => {
      await subscriptionOrNotFound(this.subscriptions, team, command.subscriptionId);
      const failed = await this.deliveries.listFailedSince(team, command.subscriptionId, command.since, RECOVER_LIMIT);
      const now = this.clock.now();
      for (const data of failed) {
        const delivery = EventDelivery.restore(data);
        delivery.requeue(now);
        await this.deliveries.requeue(delivery.snapshot());
      }
      return failed.length;
    });
    if (requeued > 0) this.deliverer.kick();
    return { requeued };
  }
}
