import { EventDelivery, EventDeliveryAttemptData, EventDeliveryData } from '../../../../domain/events/event-delivery';
import {
  DeliveryListQuery,
  DeliveryView,
  EventDeliveryBacklog,
  EventDeliveryRepository,
} from '../../../../domain/events/event-delivery-repository';
import { Page, offsetOf } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';

/** By key, as the SQL list orders them: event ids are time-ordered. */
const ascending = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A delivery is known by its subscription and its id (its event's id), as the SQL key says. */
const keyOf = (d: Pick<EventDeliveryData, 'subscriptionId' | 'id'>): string => `${d.subscriptionId}\u0000${d.id}`;

export class MemoryEventDeliveryRepository implements EventDeliveryRepository {
  constructor(private readonly store: MemoryStore) {}

  private get rows() {
    return this.store.table<EventDeliveryData>('event_deliveries');
  }
  private get attempts() {
    return this.store.table<EventDeliveryAttemptData>('event_delivery_attempts');
  }

  async addMissing(deliveries: readonly EventDeliveryData[]): Promise<void> {
    for (const d of deliveries) {
      const taken = this.rows.get(keyOf(d));
      if (!taken || taken.teamId !== d.teamId) this.rows.set(keyOf(d), d);
    }
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<EventDeliveryData[]> {
    const at = now.toISOString();
    const due = this.rows
      .filter((d) => (d.status === 'pending' || d.status === 'processing') && d.nextAttemptAt !== null && d.nextAttemptAt <= at)
      .sort((a, b) => (a.nextAttemptAt! < b.nextAttemptAt! ? -1 : a.nextAttemptAt! > b.nextAttemptAt! ? 1 : a.id < b.id ? -1 : 1))
      .slice(0, limit);
    return due
      .map((d) => {
        const delivery = EventDelivery.restore(d);
        delivery.claim(now, leaseUntil);
        const claimed = delivery.snapshot();
        this.rows.set(keyOf(claimed), claimed);
        return claimed;
      })
      .sort(ascending);
  }

  async save(delivery: EventDeliveryData): Promise<boolean> {
    const cur = this.rows.get(keyOf(delivery));
    if (!cur || cur.teamId !== delivery.teamId || cur.attempts !== delivery.attempts) return false;
    this.rows.set(keyOf(delivery), { ...delivery });
    return true;
  }

  async requeue(delivery: EventDeliveryData): Promise<void> {
    const cur = this.rows.get(keyOf(delivery));
    if (cur && cur.teamId === delivery.teamId) this.rows.set(keyOf(delivery), { ...delivery, attempts: cur.attempts });
  }

  async addAttempt(attempt: EventDeliveryAttemptData): Promise<void> {
    this.attempts.set(attempt.id, attempt);
  }

  async findById(team: TeamContext, subscriptionId: string, id: string): Promise<DeliveryView | null> {
    const d = this.rows.get(keyOf({ subscriptionId, id }));
    if (!d || d.teamId !== team.teamId) return null;
    return this.withAttempts(d);
  }

  async list(team: TeamContext, subscriptionId: string, query: DeliveryListQuery): Promise<Page<DeliveryView>> {
    const wanted = (d: EventDeliveryData) =>
      (!query.status || d.status === query.status || (query.status === 'pending' && d.status === 'processing')) &&
      (query.updatedSince === undefined || d.updatedAt >= query.updatedSince);
    const all = this.rows
      .filter((d) => d.teamId === team.teamId && d.subscriptionId === subscriptionId && wanted(d))
      .sort((a, b) => (query.ascending ? ascending(a, b) : ascending(b, a)));
    const start = offsetOf(query);
    return { items: all.slice(start, start + query.limit).map((d) => this.withAttempts(d)), total: all.length };
  }

  private withAttempts(delivery: EventDeliveryData): DeliveryView {
    const attempts = this.attempts
      .filter((a) => a.teamId === delivery.teamId && a.subscriptionId === delivery.subscriptionId && a.deliveryId === delivery.id)
      .sort((a, b) => a.attempt - b.attempt);
    return { delivery, attempts };
  }

  async listFailedSince(team: TeamContext, subscriptionId: string, since: string, limit: number): Promise<EventDeliveryData[]> {
    return this.rows
      .filter((d) => d.teamId === team.teamId && d.subscriptionId === subscriptionId && d.status === 'failed' && d.createdAt >= since)
      .sort(ascending)
      .slice(0, limit);
  }

  async backlog(): Promise<EventDeliveryBacklog> {
    const waiting = this.rows.filter((d) => d.status === 'pending' || d.status === 'processing');
    const oldest = waiting.reduce<string | null>((min, d) => (min === null || d.createdAt < min ? d.createdAt : min), null);
    return { pending: waiting.length, oldestCreatedAt: oldest };
  }
}
