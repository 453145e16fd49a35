// One payload an endpoint accepted. It is stored before it is processed, with the body exactly as
// sent, and keeps the outcome of its last attempt, so a payload whose processing failed is never
// lost and can be replayed.
import { Conflict } from '../shared/errors';
import { InboundActionType } from './webhook-endpoint';

export type InboundDeliveryStatus = 'received' | 'succeeded' | 'failed';

/** `refused`: the action said no (answered `success: false`); `crashed`: an unexpected error. */
export type InboundFailure = 'refused' | 'crashed';

/** A field the lenient reading could not use, kept so that nothing is dropped unseen. */
export interface DeliveryWarning {
  field: string;
  value: unknown;
  reason: string;
  /** The record's position when the payload held several. */
  record?: number;
}

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
  /** The body as text; null only on deliveries stored before bodies were kept. */
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

  /** A delivery that already succeeded is never run again: its lead or deal would be made twice. */
  assertReplayable(): void {
    if (this.data.status === 'succeeded') throw new Conflict('The delivery was already processed successfully');
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
    this.data.warnings = structuredClone(outcome.warnings ?? []);
    this.data.error = null;
    this.data.failure = null;
    this.settle(now);
  }

  /** The action refused the payload (or, with `crashed`, processing broke): nothing it did was kept. */
  fail(error: string, now: Date, failure: InboundFailure = 'refused', warnings: DeliveryWarning[] = []): void {
    this.data.status = 'failed';
    this.data.entityId = null;
    this.data.entityIds = [];
    this.data.warnings = structuredClone(warnings);
    this.data.error = error || 'Processing failed';
    this.data.failure = failure;
    this.settle(now);
  }

  private settle(now: Date): void {
    this.data.attempts += 1;
    this.data.processedAt = now.toISOString();
  }
}
