import { EventDelivery } from '../../domain/events/event-delivery';
import { EventDeliveryRepository } from '../../domain/events/event-delivery-repository';
import { EventData } from '../../domain/events/event';
import { EventSubscription, EventSubscriptionData } from '../../domain/events/event-subscription';
import { EventSubscriptionRepository } from '../../domain/events/event-subscription-repository';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';

/** Wakes the deliverer soon; fire-and-forget, like the dispatcher's trigger. */
export interface EventDeliveryTrigger {
  kick(): void;
}

/**
 * Hands events of the log to the team's subscriptions that want them: one pending delivery per event and
 * subscription, added once however often it runs (a dispatch taken over after a lease runs it again). It
 * runs in the dispatcher's unit of work that records the events as handled.
 */
export class FanOutEvents {
  constructor(
    private readonly subscriptions: EventSubscriptionRepository,
    private readonly deliveries: EventDeliveryRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** Returns how many deliveries it made (or found made). */
  async run(events: readonly EventData[]): Promise<number> {
    const now = this.clock.now();
    const byTeam = new Map<string, Promise<EventSubscriptionData[]>>();
    const made: ReturnType<EventDelivery['snapshot']>[] = [];
    for (const event of events) {
      if (!byTeam.has(event.teamId)) byTeam.set(event.teamId, this.subscriptions.listActive({ teamId: event.teamId }));
      for (const s of await byTeam.get(event.teamId)!) {
        if (EventSubscription.restore(s).matches(event.type))
          made.push(EventDelivery.create(event.id, event.teamId, s.id, event, now).snapshot());
      }
    }
    await this.deliveries.addMissing(made);
    return made.length;
  }
}
