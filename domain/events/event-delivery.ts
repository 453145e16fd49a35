// One event on its way to one subscription: attempted until the receiver answers 2xx, on a retry schedule,
// each attempt recorded. At most one attempt of a delivery is in flight at a time (a claim holds it for a
// lease; a node that dies mid-attempt frees it when the lease ends, and the retry keeps the `webhook-id`).

export type EventDeliveryStatus = 'pending' | 'processing' | 'succeeded' | 'failed';

export interface EventDeliveryData {
  id: string;
  teamId: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  status: EventDeliveryStatus;
  /** Attempts started so far. */
  attempts: number;
  /** When the next attempt is due (pending), or when the claim of the node working on it ends (processing). */
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What one attempt gave: the receiver's status code (null when none came), how long it took, and why it failed. */
export interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** `Retry-After` of a 429 or 503, in milliseconds. */
  retryAfterMs: number | null;
}

export interface EventDeliveryAttemptData {
  id: string;
  teamId: string;
  deliveryId: string;
  subscriptionId: string;
  /** 1 for the first attempt. */
  attempt: number;
  attemptedAt: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** What an attempt's outcome means for the subscription. */
export type SubscriptionVerdict = 'succeeded' | 'failed' | 'gone';

export const isSuccess = (statusCode: number | null): boolean => statusCode !== null && statusCode >= 200 && statusCode < 300;

export class EventDelivery {
  private constructor(private data: EventDeliveryData) {}

  static create(id: string, teamId: string, subscriptionId: string, event: { id: string; type: string }, now: Date): EventDelivery {
    const at = now.toISOString();
    return new EventDelivery({
      id,
      teamId,
      subscriptionId,
      eventId: event.id,
      eventType: event.type,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: at,
      lastAttemptAt: null,
      lastStatusCode: null,
      lastError: null,
      createdAt: at,
      updatedAt: at,
    });
  }

  static restore(data: EventDeliveryData): EventDelivery {
    return new EventDelivery({ ...data });
  }

  snapshot(): EventDeliveryData {
    return { ...this.data };
  }

  get id(): string {
    return this.data.id;
  }
  get attempts(): number {
    return this.data.attempts;
  }
  get status(): EventDeliveryStatus {
    return this.data.status;
  }

  /** Taken by one node for an attempt: one attempt more, held until `leaseUntil`. */
  claim(now: Date, leaseUntil: Date): void {
    if (this.data.status === 'succeeded' || this.data.status === 'failed') throw new Error(`Delivery ${this.data.id} is finished`);
    if (this.data.nextAttemptAt !== null && Date.parse(this.data.nextAttemptAt) > now.getTime()) {
      throw new Error(`Delivery ${this.data.id} is not due`);
    }
    this.data.status = 'processing';
    this.data.attempts += 1;
    this.data.nextAttemptAt = leaseUntil.toISOString();
    this.data.updatedAt = now.toISOString();
  }

  /**
   * Records an attempt's result: succeeded on a 2xx; otherwise the next attempt after the schedule's wait
   * for this attempt (`Retry-After` honoured within the schedule's bounds), or failed for good once the
   * schedule is spent or the receiver answered 410 Gone.
   */
  attempted(result: AttemptResult, scheduleMs: readonly number[], now: Date): SubscriptionVerdict {
    const at = now.toISOString();
    this.data.lastAttemptAt = at;
    this.data.lastStatusCode = result.statusCode;
    this.data.updatedAt = at;
    if (isSuccess(result.statusCode)) {
      this.data.status = 'succeeded';
      this.data.lastError = null;
      this.data.nextAttemptAt = null;
      return 'succeeded';
    }
    this.data.lastError = result.error ?? `The receiver answered ${result.statusCode}`;
    if (result.statusCode === 410) {
      this.fail();
      return 'gone';
    }
    const wait = scheduleMs[this.data.attempts - 1];
    if (wait === undefined) {
      this.fail();
      return 'failed';
    }
    const longest = Math.max(...scheduleMs);
    const delay = result.retryAfterMs === null ? wait : Math.min(Math.max(wait, result.retryAfterMs), longest);
    this.data.status = 'pending';
    this.data.nextAttemptAt = new Date(now.getTime() + delay).toISOString();
    return 'failed';
  }

  /** Given up without an attempt (its subscription was deleted or disabled meanwhile). */
  abandon(reason: string, now: Date): void {
    this.data.lastError = reason;
    this.data.updatedAt = now.toISOString();
    this.fail();
  }

  /** Queued again now, whatever it came to (retry, recover): the same event, so the same `webhook-id`. */
  requeue(now: Date): void {
    this.data.status = 'pending';
    this.data.nextAttemptAt = now.toISOString();
    this.data.updatedAt = now.toISOString();
  }

  private fail(): void {
    this.data.status = 'failed';
    this.data.nextAttemptAt = null;
  }
}
