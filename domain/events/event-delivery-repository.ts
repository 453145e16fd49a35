import { Page, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { EventDeliveryAttemptData, EventDeliveryData, EventDeliveryStatus } from './event-delivery';

/** What waits to be delivered, across teams: the operator's view (metrics). */
export interface EventDeliveryBacklog {
  /** Deliveries pending or in flight. */
  pending: number;
  /** When the oldest of them was created (ISO 8601); null when none waits. */
  oldestCreatedAt: string | null;
}

export interface DeliveryListQuery extends UpdatedSince {
  /** `pending` takes the deliveries in flight too. */
  status?: EventDeliveryStatus;
  page: number;
  limit: number;
  /** Oldest first rather than newest first. */
  ascending?: boolean;
}

/** A delivery with its attempts, oldest attempt first. */
export interface DeliveryView {
  delivery: EventDeliveryData;
  attempts: EventDeliveryAttemptData[];
}

/**
 * Deliveries of events to subscriptions, and their attempts. The claim and backlog work across teams on
 * purpose (one background deliverer serves every tenant, on several nodes at once); every other read takes
 * the team.
 */
export interface EventDeliveryRepository {
  /** Adds the deliveries, skipping any of an event to a subscription that already has one (a fan-out run twice). */
  addMissing(deliveries: readonly EventDeliveryData[]): Promise<void>;
  /**
   * Claims up to `limit` deliveries pending and due at `now`, the longest due first, and those in flight
   * whose lease ran out: each becomes `processing` with one attempt more, held until `leaseUntil`. Each goes
   * to one caller only, however many claim at once on however many nodes.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<EventDeliveryData[]>;
  /** Writes an attempt's outcome if the delivery is still at that attempt; false when another node took it over. */
  save(delivery: EventDeliveryData): Promise<boolean>;
  /** Writes a delivery queued again (retry, recover) whatever its attempt. */
  requeue(delivery: EventDeliveryData): Promise<void>;
  addAttempt(attempt: EventDeliveryAttemptData): Promise<void>;
  findById(team: TeamContext, subscriptionId: string, id: string): Promise<DeliveryView | null>;
  /** A subscription's deliveries, newest first, each with its attempts. */
  list(team: TeamContext, subscriptionId: string, query: DeliveryListQuery): Promise<Page<DeliveryView>>;
  /** A subscription's failed deliveries created at or after `since`. */
  listFailedSince(team: TeamContext, subscriptionId: string, since: string, limit: number): Promise<EventDeliveryData[]>;
  backlog(): Promise<EventDeliveryBacklog>;
}
