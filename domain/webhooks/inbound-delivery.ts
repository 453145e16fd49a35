// One payload an endpoint accepted. It is stored before it is processed, with the body exactly as
// sent, and keeps the outcome of its last attempt, so a payload whose processing failed is not lost
// and can be replayed, until its body is dropped after its retention (its outcome stays).
import { Redaction, isErasureMarker } from '../privacy/redaction';
import { Conflict } from '../shared/errors';
import { InboundActionType } from './webhook-endpoint';

export type InboundDeliveryStatus = 'received' | 'succeeded' | 'failed';

/**
 * `refused`: the action said no (answered `success: false`); `crashed`: an unexpected error;
 * `too_large`: the payload held more records than a delivery may make, and none was read.
 */
export type InboundFailure = 'refused' | 'crashed' | 'too_large';

/** A field the lenient reading could not use, kept so that nothing is dropped unseen. */
export interface DeliveryWarning {
  field: string;
  value: unknown;
  reason: string;
  /** The record's position when the payload held several. */
  record?: number;
}

/** The warnings a delivery keeps; the ones past them are counted in one last warning on `warnings`. */
export const MAX_DELIVERY_WARNINGS = 100;
/** How much of a value a warning shows, in characters (of its JSON text when it is not text). */
export const MAX_WARNING_VALUE = 200;

const cut = (text: string): string => (text.length > MAX_WARNING_VALUE ? `${text.slice(0, MAX_WARNING_VALUE)}…` : text);

/** A value as a warning shows it: whole when short, else its beginning as text. */
const shownValue = (value: unknown): unknown => {
  if (typeof value === 'string') return cut(value);
  if (value === null || typeof value !== 'object') return value;
  const json = JSON.stringify(value);
  return json.length > MAX_WARNING_VALUE ? cut(json) : value;
};

/**
 * The warnings a delivery keeps, each value shortened: the first `MAX_DELIVERY_WARNINGS`, then one that
 * says how many were left out (its `value`), so that 1 MB of unreadable records answers a few kilobytes.
 */
export const keptWarnings = (warnings: readonly DeliveryWarning[]): DeliveryWarning[] => {
  const kept = warnings.slice(0, MAX_DELIVERY_WARNINGS).map((w) => ({ ...w, value: shownValue(w.value) }));
  const left = warnings.length - kept.length;
  if (left > 0) {
    kept.push({ field: 'warnings', value: left, reason: `${left} more warnings left out; a delivery keeps ${MAX_DELIVERY_WARNINGS}` });
  }
  return structuredClone(kept);
};

export interface InboundOutcome {
  action: InboundActionType;
  /** The first entity made. */
  entityId: string;
  entityType: string;
  /** Every entity made, one per usable record; `[entityId]` when absent. */
  entityIds?: string[];
  warnings?: DeliveryWarning[];
}

/** The body as it came: its text and content type, and what could be read of it. */
export interface InboundBody {
  /** The body as text; null on deliveries stored before bodies were kept, and once it was dropped. */
  rawBody: string | null;
  contentType: string | null;
  /** Why the body could not be read (its payload is then null); a replay reads it again. */
  bodyError?: string | null;
  /** The sender's id of the payload (header or the endpoint's idempotency path). */
  idempotencyKey?: string | null;
}

export interface InboundDeliveryData {
  id: string;
  teamId: string;
  /** The administration id of the endpoint. */
  webhookId: string;
  action: InboundActionType;
  payload: unknown;
  rawBody: string | null;
  contentType: string | null;
  bodyError: string | null;
  idempotencyKey: string | null;
  status: InboundDeliveryStatus;
  entityId: string | null;
  entityIds: string[];
  entityType: string | null;
  warnings: DeliveryWarning[];
  error: string | null;
  failure: InboundFailure | null;
  /** Processing attempts so far (the first one plus replays). */
  attempts: number;
  receivedAt: string;
  processedAt: string | null;
}

export class InboundDelivery {
  private constructor(private data: InboundDeliveryData) {}

  static receive(
    id: string,
    teamId: string,
    webhookId: string,
    action: InboundActionType,
    payload: unknown,
    now: Date,
    body: InboundBody = { rawBody: null, contentType: null },
  ): InboundDelivery {
    return new InboundDelivery({
      id,
      teamId,
      webhookId,
      action,
      payload: structuredClone(payload),
      rawBody: body.rawBody,
      contentType: body.contentType,
      bodyError: body.bodyError ?? null,
      idempotencyKey: body.idempotencyKey ?? null,
      status: 'received',
      entityId: null,
      entityIds: [],
      entityType: null,
      warnings: [],
      error: null,
      failure: null,
      attempts: 0,
      receivedAt: now.toISOString(),
      processedAt: null,
    });
  }

  static restore(data: InboundDeliveryData): InboundDelivery {
    return new InboundDelivery(structuredClone(data));
  }

  get id(): string {
    return this.data.id;
  }
  get payload(): unknown {
    return structuredClone(this.data.payload);
  }
  get status(): InboundDeliveryStatus {
    return this.data.status;
  }

  snapshot(): InboundDeliveryData {
    return structuredClone(this.data);
  }

  /**
   * A delivery that already succeeded is never run again: its lead or deal would be made twice. Nor is one
   * whose body was erased, or dropped (`assertBodyKept`).
   */
  assertReplayable(): void {
    if (this.data.status === 'succeeded') throw new Conflict('The delivery was already processed successfully');
    if (isErasureMarker(this.data.payload)) throw new Conflict("The delivery's body was erased (personal data erasure)");
    this.assertBodyKept();
  }

  /**
   * Past its retention a delivery's body is dropped: its text and its reading are both null, and only its
   * outcome is kept. Nothing is left to process (a delivery stored before bodies were kept still has its
   * reading; one whose body could not be read, its text).
   */
  assertBodyKept(): void {
    if (this.data.rawBody === null && this.data.payload === null) {
      throw new Conflict("The delivery's body is no longer kept (it was dropped after its retention): there is nothing to process again");
    }
  }

  /**
   * A personal data erasure: the body as sent and its parsed payload become the erasure's marker, the values
   * the warnings showed go, the person's values leave the errors, and an idempotency key that held one is
   * dropped. The outcome (status, entities made, attempts, times) stays.
   */
  anonymise(redaction: Redaction): InboundDeliveryData {
    const d = this.data;
    d.payload = redaction.marker;
    d.rawBody = d.rawBody === null ? null : redaction.marker;
    d.bodyError = redaction.optionalText(d.bodyError);
    d.error = redaction.optionalText(d.error);
    d.warnings = d.warnings.map((w) => ({ ...w, value: null, reason: redaction.requiredText(w.reason) }));
    if (d.idempotencyKey !== null && redaction.touches(d.idempotencyKey)) d.idempotencyKey = null;
    return this.snapshot();
  }

  /** The body was read again (a replay after it could not be read): its payload replaces the old reading. */
  reread(payload: unknown, bodyError: string | null): void {
    this.data.payload = structuredClone(payload);
    this.data.bodyError = bodyError;
  }

  succeed(outcome: InboundOutcome, now: Date): void {
    this.data.status = 'succeeded';
    this.data.action = outcome.action;
    this.data.entityId = outcome.entityId;
    this.data.entityIds = [...(outcome.entityIds ?? [outcome.entityId])];
    this.data.entityType = outcome.entityType;
    this.data.warnings = keptWarnings(outcome.warnings ?? []);
    this.data.error = null;
    this.data.failure = null;
    this.settle(now);
  }

  /** The action refused the payload (or, with `crashed`, processing broke): nothing it did was kept. */
  fail(error: string, now: Date, failure: InboundFailure = 'refused', warnings: DeliveryWarning[] = []): void {
    this.data.status = 'failed';
    this.data.entityId = null;
    this.data.entityIds = [];
    this.data.warnings = keptWarnings(warnings);
    this.data.error = error || 'Processing failed';
    this.data.failure = failure;
    this.settle(now);
  }

  private settle(now: Date): void {
    this.data.attempts += 1;
    this.data.processedAt = now.toISOString();
  }
}
