import { EventDeliveryRepository } from '../../domain/events/event-delivery-repository';
import { EventSubscriptionRepository } from '../../domain/events/event-subscription-repository';
import { Clock } from '../shared/clock';

export interface DeliveryBacklogView {
  /** Deliveries waiting for an attempt or under way, across teams. */
  pending: number;
  /** How long the oldest of them has waited since it was made, in seconds; 0 when none waits. */
  oldestAgeSeconds: number;
  /** Subscriptions the service disabled. */
  disabledSubscriptions: number;
}

/** How far the deliverer is behind, and what it gave up on: read at every metrics scrape. */
export class ReadDeliveryBacklog {
  constructor(
    private readonly deliveries: EventDeliveryRepository,
    private readonly subscriptions: EventSubscriptionRepository,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<DeliveryBacklogView> {
    const [{ pending, oldestCreatedAt }, disabledSubscriptions] = await Promise.all([
      this.deliveries.backlog(),
      this.subscriptions.countDisabled(),
    ]);
    const age = oldestCreatedAt === null ? 0 : (this.clock.now().getTime() - Date.parse(oldestCreatedAt)) / 1000;
    return { pending, oldestAgeSeconds: Math.max(0, age), disabledSubscriptions };
  }
}
