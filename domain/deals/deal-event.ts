// A deal event waiting in the transactional outbox: written with the deal, delivered later to the
// team's workflows by a dispatcher that may run on several API nodes at once.

export const DEAL_EVENT_TYPES = ['deal_created', 'deal_stage_changed'] as const;
export type DealEventType = (typeof DEAL_EVENT_TYPES)[number];

export const isDealEventType = (v: unknown): v is DealEventType =>
  typeof v === 'string' && (DEAL_EVENT_TYPES as readonly string[]).includes(v);

/** What an entity raises; the use case gives it an id and a time when it writes the outbox. */
export interface DealEventDraft {
  type: DealEventType;
  dealId: string;
  data: Record<string, unknown>;
}

export type DealEventStatus = 'pending' | 'processing' | 'delivered';

export interface DealEventData {
  id: string;
  teamId: string;
  type: DealEventType;
  dealId: string;
  data: Record<string, unknown>;
  status: DealEventStatus;
  /** Delivery attempts started so far. */
  attempts: number;
  /** Not to be claimed before this moment (retry back-off, or the lease of a node that is working on it). */
  availableAt: string;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

/** How long a claim lasts: a node that dies mid-delivery frees the event when its lease ends. */
export const DEAL_EVENT_LEASE_MS = 60_000;
/** Attempts before a failing workflow is recorded as failed for good. */
export const DEAL_EVENT_MAX_ATTEMPTS = 5;

export class DealEvent {
  private constructor(private data: DealEventData) {}

  static fromDraft(id: string, teamId: string, draft: DealEventDraft, now: Date): DealEvent {
    const at = now.toISOString();
    return new DealEvent({
      id,
      teamId,
      type: draft.type,
      dealId: draft.dealId,
      data: { ...draft.data },
      status: 'pending',
      attempts: 0,
      availableAt: at,
      lastError: null,
      createdAt: at,
      deliveredAt: null,
    });
  }

  static restore(data: DealEventData): DealEvent {
    return new DealEvent({ ...data, data: { ...data.data } });
  }

  get id(): string {
    return this.data.id;
  }
  get teamId(): string {
    return this.data.teamId;
  }
  get type(): DealEventType {
    return this.data.type;
  }
  get dealId(): string {
    return this.data.dealId;
  }
  get attempts(): number {
    return this.data.attempts;
  }
  get status(): DealEventStatus {
    return this.data.status;
  }

  snapshot(): DealEventData {
    return { ...this.data, data: { ...this.data.data } };
  }

  /** Whether a dispatcher may take it now: pending and due, or claimed by a node whose lease ran out. */
  isClaimable(now: Date): boolean {
    if (this.data.status === 'delivered') return false;
    return Date.parse(this.data.availableAt) <= now.getTime();
  }

  /** Taken by one dispatcher; the lease keeps other nodes off it while it works. */
  claim(now: Date, leaseUntil = new Date(now.getTime() + DEAL_EVENT_LEASE_MS)): void {
    if (!this.isClaimable(now)) throw new Error(`Deal event ${this.data.id} is not claimable`);
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
    if (this.data.attempts >= DEAL_EVENT_MAX_ATTEMPTS) {
      this.delivered(now);
      return false;
    }
    this.data.status = 'pending';
    const backoffMs = 1000 * 2 ** (this.data.attempts - 1);
    this.data.availableAt = new Date(now.getTime() + backoffMs).toISOString();
    return true;
  }

  /** Every workflow of the team has run for it (succeeded, or failed for good). */
  delivered(now: Date): void {
    this.data.status = 'delivered';
    this.data.deliveredAt = now.toISOString();
  }

  /** Whether this is the last attempt it gets: failures now are final. */
  get isLastAttempt(): boolean {
    return this.data.attempts >= DEAL_EVENT_MAX_ATTEMPTS;
  }
}
