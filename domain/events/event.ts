import { SYSTEM_ACTOR, TeamContext } from '../shared/team';

// The workspace's event log: what happened to a team's records, written in the transaction of the change it
// describes. One log serves two readers: the team's workflows (run by the dispatcher) and its event
// subscriptions (each event fanned out to the subscriptions that want it, then delivered over HTTP), and
// `GET /events` reads it as it is.

/** Every event type an integrator can subscribe to and read (docs/events.md). */
export const EVENT_TYPES = [
  'deal.created',
  'deal.updated',
  'deal.stage_changed',
  'deal.won',
  'deal.lost',
  'deal.archived',
  'client.created',
  'client.updated',
  'client.deactivated',
  'lead.created',
  'lead.updated',
  'task.created',
  'task.updated',
  'task.deleted',
  'activity.created',
  'activity.updated',
  'project.created',
  'project.updated',
  'campaign.created',
  'campaign.updated',
  'whatsapp.message.received',
  'whatsapp.message.sent',
  'whatsapp.message.status_changed',
  'whatsapp.contact.created',
  'inbound.delivery.failed',
  'privacy.erasure.completed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (v: unknown): v is EventType => typeof v === 'string' && (EVENT_TYPES as readonly string[]).includes(v);

/** A JSON object as the API shows it (snake_case, ISO times). */
export type EventObject = Record<string, unknown>;

/**
 * The public part of an event, as `GET /events` shows it and a subscription receives it under `data`:
 * the resource as its GET answers it, and for a change the previous values of the fields that changed.
 */
export interface EventPayload {
  object: EventObject;
  previous?: EventObject;
}

/** What a use case hands the log: the log gives it an id and a time when it writes it. */
export interface EventDraft {
  type: EventType;
  /** The id of the record it is about. */
  subjectId: string;
  payload: EventPayload;
}

/** Where the dispatcher stands with an event: to run its workflows and hand it to its subscriptions. */
export type EventStatus = 'pending' | 'processing' | 'delivered';

export interface EventData {
  id: string;
  teamId: string;
  type: EventType;
  subjectId: string;
  data: EventPayload;
  /**
   * Who made the change (`TeamContext.actor`: `api_key:<id>`, `cli`, `inbound:<endpoint id>`…): the audit trail's
   * actor; null on the events written before the log recorded it.
   */
  actor: string | null;
  /** The request the change came with, when it came with one. */
  requestId: string | null;
  status: EventStatus;
  /** Dispatch attempts started so far. */
  attempts: number;
  /** Not to be claimed before this moment (retry back-off, or the lease of a node that is working on it). */
  availableAt: string;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

/** How long a claim lasts: a node that dies mid-dispatch frees the event when its lease ends. */
export const EVENT_LEASE_MS = 60_000;
/** Attempts before a failing workflow is recorded as failed for good. */
export const EVENT_MAX_ATTEMPTS = 5;

/**
 * The previous values of the fields that differ between two API shapes of one record (`updated_at`
 * aside, which every change moves): what `data.previous` of a change shows.
 */
export const previousValues = (before: EventObject, after: EventObject): EventObject => {
  const previous: EventObject = {};
  for (const key of Object.keys(before)) {
    if (key === 'updated_at') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  }
  return previous;
};

/** An event of the log as the dispatcher handles it. */
export class LoggedEvent {
  private constructor(private data: EventData) {}

  /** The draft as written by `team`'s actor, in its request. */
  static fromDraft(id: string, team: TeamContext, draft: EventDraft, now: Date): LoggedEvent {
    const at = now.toISOString();
    return new LoggedEvent({
      id,
      teamId: team.teamId,
      type: draft.type,
      subjectId: draft.subjectId,
      data: draft.payload,
      actor: team.actor ?? SYSTEM_ACTOR,
      requestId: team.requestId ?? null,
      status: 'pending',
      attempts: 0,
      availableAt: at,
      lastError: null,
      createdAt: at,
      deliveredAt: null,
    });
  }

  static restore(data: EventData): LoggedEvent {
    return new LoggedEvent({ ...data });
  }

  get id(): string {
    return this.data.id;
  }
  get teamId(): string {
    return this.data.teamId;
  }
  get type(): EventType {
    return this.data.type;
  }
  get subjectId(): string {
    return this.data.subjectId;
  }
  get attempts(): number {
    return this.data.attempts;
  }
  get status(): EventStatus {
    return this.data.status;
  }

  snapshot(): EventData {
    return { ...this.data };
  }

  /** Whether a dispatcher may take it now: pending and due, or claimed by a node whose lease ran out. */
  isClaimable(now: Date): boolean {
    if (this.data.status === 'delivered') return false;
    return Date.parse(this.data.availableAt) <= now.getTime();
  }

  /** Taken by one dispatcher; the lease keeps other nodes off it while it works. */
  claim(now: Date, leaseUntil = new Date(now.getTime() + EVENT_LEASE_MS)): void {
    if (!this.isClaimable(now)) throw new Error(`Event ${this.data.id} is not claimable`);
    this.data.status = 'processing';
    this.data.attempts += 1;
    this.data.availableAt = leaseUntil.toISOString();
  }

  /**
   * After an attempt in which some workflow failed: another attempt later with a growing back-off,
   * or, once the attempts are spent, done for good (the failures are recorded as runs).
   * Returns whether the event will be tried again.
   */
  attemptFailed(error: string, now: Date): boolean {
    this.data.lastError = error;
    if (this.data.attempts >= EVENT_MAX_ATTEMPTS) {
      this.delivered(now);
      return false;
    }
    this.data.status = 'pending';
    const backoffMs = 1000 * 2 ** (this.data.attempts - 1);
    this.data.availableAt = new Date(now.getTime() + backoffMs).toISOString();
    return true;
  }

  /** Every workflow of the team has run for it (succeeded, or failed for good), and its subscriptions have it. */
  delivered(now: Date): void {
    this.data.status = 'delivered';
    this.data.deliveredAt = now.toISOString();
  }

  /** Whether this is the last attempt it gets: failures now are final. */
  get isLastAttempt(): boolean {
    return this.data.attempts >= EVENT_MAX_ATTEMPTS;
  }
}
