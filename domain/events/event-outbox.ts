import { Redaction } from '../privacy/redaction';
import { TeamContext } from '../shared/team';
import { EventData, EventObject, EventType } from './event';

/** What waits in the outbox, across teams: the operator's view (metrics). */
export interface EventBacklog {
  /** Events not delivered yet (pending, or claimed by a dispatcher that has not finished). */
  pending: number;
  /** When the oldest of them was written (ISO 8601); null when none waits. */
  oldestCreatedAt: string | null;
}

/** A page of `GET /events`: newest first, after the cursor event if given. */
export interface EventPageQuery {
  /** Only events of these types (all when absent). */
  types?: readonly EventType[];
  /** Only events written after this moment (ISO 8601). */
  createdAfter?: string;
  /** Only the events about this record. */
  subjectId?: string;
  /** Only the changes this actor made (`EventData.actor`). */
  actor?: string;
  /** The id of the last event of the previous page: the page starts after it. */
  startingAfter?: string;
  limit: number;
}

export interface EventPage {
  data: EventData[];
  hasMore: boolean;
}

/**
 * The event log, which is also the transactional outbox its dispatcher reads. `add` joins the transaction of
 * the change it describes. The dispatcher
 * methods work across teams on purpose: one background dispatcher serves every tenant, and
 * several API nodes may run it at once, so a claim takes each event for one caller only.
 */
export interface EventOutbox {
  add(event: EventData): Promise<void>;
  /** Events written together, in their order (a batch's): as `add` one by one. */
  addAll(events: readonly EventData[]): Promise<void>;
  findById(team: TeamContext, id: string): Promise<EventData | null>;
  /** The events about one record, oldest first. */
  listBySubject(team: TeamContext, subjectId: string): Promise<EventData[]>;
  /** The team's events, newest first; null when `startingAfter` names no event of the team. */
  page(team: TeamContext, query: EventPageQuery): Promise<EventPage | null>;
  /** Removes the events written before `cutoff` that the dispatcher is done with, across teams; returns how many. */
  purgeBefore(cutoff: Date, limit: number): Promise<number>;
  /**
   * Claims up to `limit` events that are not delivered and whose `availableAt` has come at `now`,
   * the longest due first, and returns them in the order they were written: each becomes `processing`, with one attempt more, held until `leaseUntil` (a node
   * that dies mid-work frees them then). Each event goes to one caller only, however many claim at
   * once on however many nodes.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<EventData[]>;
  /**
   * Writes the outcome of an attempt (status, availableAt, lastError, deliveredAt) if the event is
   * still at that attempt; returns false when another node has taken it over since (the lease ran out).
   */
  save(event: EventData): Promise<boolean>;
  /** How many events wait, across teams, and since when. */
  backlog(): Promise<EventBacklog>;
  /** The events about any of these records, oldest first, at most `limit`. */
  listBySubjects(team: TeamContext, subjectIds: readonly string[], limit: number): Promise<EventData[]>;
  /**
   * A personal data erasure: rewrites the team's events that hold the person, keeping each entry, its type,
   * subject and times (`erasedEventData`). Every event about a record of `patches` (the person's records, keyed
   * by id, with the fields their anonymisation changed), and any other that holds an e-mail, a phone, a document
   * or a full name of the person. Returns how many events changed.
   */
  scrub(team: TeamContext, patches: Readonly<Record<string, EventObject>>, redaction: Redaction): Promise<number>;
}
