// One payload an endpoint accepted. It is stored before it is processed and keeps the outcome of
// its last attempt, so a payload whose processing failed is never lost and can be replayed.
import { InboundActionType } from './webhook-endpoint';

export type InboundDeliveryStatus = 'received' | 'succeeded' | 'failed';

export interface InboundOutcome {
  action: InboundActionType;
  entityId: string;
  entityType: string;
}

export interface InboundDeliveryData {
  id: string;
  teamId: string;
  /** The administration id of the endpoint. */
  webhookId: string;
  action: InboundActionType;
  payload: unknown;
  status: InboundDeliveryStatus;
  entityId: string | null;
  entityType: string | null;
  error: string | null;
  /** Processing attempts so far (the first one plus replays). */
  attempts: number;
  receivedAt: string;
  processedAt: string | null;
}

export class InboundDelivery {
  private constructor(private data: InboundDeliveryData) {}

  static receive(id: string, teamId: string, webhookId: string, action: InboundActionType, payload: unknown, now: Date): InboundDelivery {
    return new InboundDelivery({
      id, teamId, webhookId, action, payload: structuredClone(payload), status: 'received', entityId: null, entityType: null,
      error: null, attempts: 0, receivedAt: now.toISOString(), processedAt: null,
    });
  }

  static restore(data: InboundDeliveryData): InboundDelivery {
    return new InboundDelivery(structuredClone(data));
  }

  get id(): string { return this.data.id; }
  get payload(): unknown { return structuredClone(this.data.payload); }
  get status(): InboundDeliveryStatus { return this.data.status; }

  snapshot(): InboundDeliveryData {
    return structuredClone(this.data);
  }

  succeed(outcome: InboundOutcome, now: Date): void {
    this.data.status = 'succeeded';
    this.data.action = outcome.action;
    this.data.entityId = outcome.entityId;
    this.data.entityType = outcome.entityType;
    this.data.error = null;
    this.settle(now);
  }

  fail(error: string, now: Date): void {
    this.data.status = 'failed';
    this.data.entityId = null;
    this.data.error = error || 'Processing failed';
    this.settle(now);
  }

  private settle(now: Date): void {
    this.data.attempts += 1;
    this.data.processedAt = now.toISOString();
  }
}
