import { TeamContext } from '../shared/team';
import { DealEventData } from './deal-event';

/** What waits in the outbox, across teams: the operator's view (metrics). */
export interface DealEventBacklog {
  /** Events not delivered yet (pending, or claimed by a dispatcher that has not finished). */
  pending: number;
  /** When the oldest of them was written (ISO 8601); null when none waits. */
  oldestCreatedAt: string | null;
}

/**
 * The transactional outbox of deal events. `add` joins the deal's transaction. The dispatcher
 * methods work across teams on purpose: one background dispatcher serves every tenant, and
 * several API nodes may run it at once, so a claim takes each event for one caller only.
 */
export interface DealEventOutbox {
  add(event: DealEventData): Promise<void>;
  findById(team: TeamContext, id: string): Promise<DealEventData | null>;
  listByDeal(team: TeamContext, dealId: string): Promise<DealEventData[]>;
  /**
   * Claims up to `limit` events that are not delivered and whose `availableAt` has come at `now`,
   * the longest due first, and returns them in the order they were written: each becomes `processing`, with one attempt more, held until `leaseUntil` (a node
   * that dies mid-work frees them then). Each event goes to one caller only, however many claim at
   * once on however many nodes.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DealEventData[]>;
  /**
   * Writes the outcome of an attempt (status, availableAt, lastError, deliveredAt) if the event is
   * still at that attempt; returns false when another node has taken it over since (the lease ran out).
   */
  save(event: DealEventData): Promise<boolean>;
  /** How many events wait, across teams, and since when. */
  backlog(): Promise<DealEventBacklog>;
}
