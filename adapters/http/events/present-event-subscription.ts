import { SubscriptionWithSecret } from '../../../application/events/create-event-subscription';
import { DeletedEventSubscription } from '../../../application/events/delete-event-subscription';
import { EVENT_SUBSCRIPTION_STATUSES, EventSubscriptionData, subscriptionStatus } from '../../../domain/events/event-subscription';
import { exactObject, R } from '../shared/documented';
import { Schema } from '../shared/operation';

/** A subscription as every answer shows it: never a secret, sealed or not. */
export const presentEventSubscription = (s: EventSubscriptionData) => ({
  id: s.id,
  url: s.url,
  events: [...s.events],
  description: s.description,
  is_active: s.isActive,
  status: subscriptionStatus(s),
  disabled_reason: s.disabledReason,
  disabled_at: s.disabledAt,
  created_at: s.createdAt,
  updated_at: s.updatedAt,
});

/** POST /event-subscriptions and POST …/rotate-secret: the subscription and its signing secret, shown this once. */
export const presentSubscriptionWithSecret = (c: SubscriptionWithSecret) => {
  const { created_at, updated_at, ...shown } = presentEventSubscription(c.subscription);
  return { ...shown, secret: c.secret, created_at, updated_at };
};

export const presentDeletedEventSubscription = (d: DeletedEventSubscription) => ({ id: d.id, deleted: d.deleted });

const properties: Record<string, Schema> = {
  id: R.uuid,
  url: R.string,
  events: { ...R.stringArray, description: 'Exact event types, `prefix.*` patterns or `*`.' },
  description: R.nullableString,
  is_active: { ...R.boolean, description: 'As the integrator set it.' },
  status: {
    ...R.enumOf(EVENT_SUBSCRIPTION_STATUSES),
    description:
      '`active`: events are sent to it; `inactive`: `is_active` is false; `disabled`: the service stopped sending (the receiver ' +
      'answered 410, or every attempt failed for too long), `disabled_reason` says why; `is_active: true` enables it again.',
  },
  disabled_reason: R.nullableString,
  disabled_at: R.nullableDateTime,
  created_at: R.dateTime,
  updated_at: R.dateTime,
};

export const eventSubscriptionSchema = exactObject(properties);

const { created_at, updated_at, ...shown } = properties;

/** The subscription with its signing secret, shown this once. */
export const subscriptionWithSecretSchema = exactObject({
  ...shown,
  secret: {
    type: 'string',
    pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
    description:
      'The Standard Webhooks signing secret (`whsec_` and the base64 of 32 random bytes), shown this once: never again in any answer.',
  },
  created_at,
  updated_at,
});

export const deletedEventSubscriptionSchema = exactObject({ id: R.uuid, deleted: { const: true } });
