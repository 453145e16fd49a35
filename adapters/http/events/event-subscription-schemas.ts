import { EVENT_SUBSCRIPTION_CHANGE_FIELDS, MAX_EVENT_PATTERNS, MAX_EVENT_URL } from '../../../domain/events/event-subscription';
import { B, Static, Text, Type, requestFields } from '../shared/body';

/**
 * Exact event types, `prefix.*` patterns or `*`: the schema holds the shape and the limits, the domain says
 * which are known (400 naming an unknown one, with the list).
 */
const events = () =>
  Type.Array(Type.String({ minLength: 1, maxLength: Text.name }), {
    minItems: 1,
    maxItems: MAX_EVENT_PATTERNS,
    description: 'Exact event types (`deal.won`), prefix patterns of known types (`deal.*`, `whatsapp.message.*`), or `*`.',
  });

const url = () =>
  Type.String({
    minLength: 1,
    maxLength: MAX_EVENT_URL,
    description: 'Where events are POSTed: https (http only where the operator allows private networks), no user name or password.',
  });

/** POST /event-subscriptions. */
export const createEventSubscriptionSchema = Type.Object({
  url: url(),
  events: events(),
  description: B.optional(B.nullableString(Text.long)),
  is_active: B.optional(B.boolean()),
});
export type CreateEventSubscriptionBody = Static<typeof createEventSubscriptionSchema>;

/** What PUT /event-subscriptions/:id changes, as the request names it. */
export const UPDATABLE_EVENT_SUBSCRIPTION_FIELDS = requestFields(EVENT_SUBSCRIPTION_CHANGE_FIELDS);

/** PUT /event-subscriptions/:id: `is_active: true` also enables again a subscription the service disabled. */
export const updateEventSubscriptionSchema = Type.Object({
  url: B.optional(url()),
  events: B.optional(events()),
  description: B.optional(B.nullableString(Text.long)),
  is_active: B.optional(B.boolean()),
});
export type UpdateEventSubscriptionBody = Static<typeof updateEventSubscriptionSchema>;
