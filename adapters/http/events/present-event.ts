import { EventData } from '../../../domain/events/event';
import { DeliveryView } from '../../../domain/events/event-delivery-repository';
import { PingResult } from '../../../application/events/test-event-subscription';
import { exactObject, R } from '../shared/documented';
import { Schema } from '../shared/operation';

/** An event as GET /events lists it and as a subscriber receives it (the body of a delivery). */
export const presentEvent = (e: EventData) => ({ id: e.id, type: e.type, created_at: e.createdAt, data: e.data });

export const eventDataSchema = (object: Schema): Schema => ({
  type: 'object',
  required: ['object'],
  additionalProperties: false,
  properties: {
    object,
    previous: { type: 'object', description: 'For a change: the previous values of the fields that changed (`updated_at` aside).' },
  },
});

export const eventSchema = (
  types: readonly string[],
  object: Schema = { type: 'object', description: 'The record as its GET answers it.' },
) => exactObject({ id: R.uuid, type: R.enumOf(types), created_at: R.dateTime, data: eventDataSchema(object) });

export const presentDelivery = (v: DeliveryView) => ({
  id: v.delivery.id,
  subscription_id: v.delivery.subscriptionId,
  event_id: v.delivery.eventId,
  event_type: v.delivery.eventType,
  status: v.delivery.status === 'processing' ? 'pending' : v.delivery.status,
  attempt_count: v.delivery.attempts,
  next_attempt_at: v.delivery.status === 'processing' ? null : v.delivery.nextAttemptAt,
  last_attempt_at: v.delivery.lastAttemptAt,
  last_status_code: v.delivery.lastStatusCode,
  last_error: v.delivery.lastError,
  attempts: v.attempts.map((a) => ({
    attempt: a.attempt,
    attempted_at: a.attemptedAt,
    status_code: a.statusCode,
    duration_ms: a.durationMs,
    error: a.error,
  })),
  created_at: v.delivery.createdAt,
  updated_at: v.delivery.updatedAt,
});

export const deliverySchema = exactObject({
  id: R.uuid,
  subscription_id: R.uuid,
  event_id: { ...R.uuid, description: 'The event delivered: the `webhook-id` of every attempt.' },
  event_type: R.string,
  status: R.enumOf(['pending', 'succeeded', 'failed']),
  attempt_count: R.integer,
  next_attempt_at: {
    ...R.nullableDateTime,
    description: 'When the next attempt is due; null once succeeded or failed for good, or while one is under way.',
  },
  last_attempt_at: R.nullableDateTime,
  last_status_code: { type: ['integer', 'null'] },
  last_error: R.nullableString,
  attempts: {
    type: 'array',
    description: 'Every attempt, oldest first.',
    items: exactObject({
      attempt: R.integer,
      attempted_at: R.dateTime,
      status_code: { type: ['integer', 'null'], description: 'What the receiver answered; null when no answer came.' },
      duration_ms: R.integer,
      error: R.nullableString,
    }),
  },
  created_at: R.dateTime,
  updated_at: R.dateTime,
});

export const presentPing = (p: PingResult) => ({
  webhook_id: p.webhookId,
  succeeded: p.succeeded,
  status_code: p.statusCode,
  duration_ms: p.durationMs,
  error: p.error,
});

export const pingSchema = exactObject({
  webhook_id: R.uuid,
  succeeded: R.boolean,
  status_code: { type: ['integer', 'null'] },
  duration_ms: R.integer,
  error: R.nullableString,
});
