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
 * several API nodes may run it at once, so a claim is a conditional update that only one wins.
 */
export interface DealEventOutbox {
  add(event: DealEventData): Promise<void>;
  findById(team: TeamContext, id: string): Promise<DealEventData | null>;
  listByDeal(team: TeamContext, dealId: string): Promise<DealEventData[]>;
  /** Events not delivered whose `availableAt` has come, oldest first. */
  findDue(now: Date, limit: number): Promise<DealEventData[]>;
  /**
   * Writes the claimed state only if the event is still as it was read (`expectedAttempts`, not
   * delivered, due at `now`). Returns whether this caller won the claim.
   */
  claim(claimed: DealEventData, expectedAttempts: number, now: Date): Promise<boolean>;
  /** Writes the outcome of an attempt (status, availableAt, lastError, deliveredAt). */
  save(event: DealEventData): Promise<void>;
  /** How many events wait, across teams, and since when. */
  backlog(): Promise<DealEventBacklog>;
}
