import { MAX_SIGNING_SECRET } from '../../../application/webhooks/endpoint-credentials';
import { INBOUND_ACTION_TYPES, INBOUND_AUTH_MODES, WEBHOOK_CHANGE_FIELDS } from '../../../domain/webhooks/webhook-endpoint';
import { B, Items, Static, Text, Type, requestFields } from '../shared/body';

/**
 * Target → a path in the payload, or a list of paths whose texts are joined (first + last name). Written
 * out rather than as `Type.Record`, which would say `patternProperties`; the targets and paths are checked
 * by the domain.
 */
const fieldMapping = () =>
  Type.Unsafe<Record<string, string | string[]>>({
    type: 'object',
    maxProperties: Items.keys,
    propertyNames: { maxLength: Text.name },
    additionalProperties: Type.Union([
      Type.String({ maxLength: Text.name }),
      Type.Array(Type.String({ maxLength: Text.name }), { maxItems: Items.list }),
    ]),
  });

/** Where the sender's id of a payload is (`event_id`, `entry.0.changes.0.value.leadgen_id`); null removes it. */
const idempotencyPath = () => Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: Text.name });

/** POST /webhooks, per the legacy description, plus the action the receiver runs. */
export const createWebhookSchema = Type.Object({
  name: B.nonEmptyString(Text.name),
  slug: B.optional(B.nonEmptyString(Text.name)),
  is_active: B.optional(B.boolean()),
  action_type: B.optional(B.enumOf(INBOUND_ACTION_TYPES)),
  project_id: B.optional(B.uuid()),
  target_pipeline_id: B.optional(B.uuid()),
  target_column_id: B.optional(B.nonEmptyString(Text.name)),
  field_mapping: B.optional(fieldMapping()),
  idempotency_path: B.optional(idempotencyPath()),
  auth_mode: B.optional(B.enumOf(INBOUND_AUTH_MODES)),
  signing_secret: B.optional(B.nonEmptyString(MAX_SIGNING_SECRET)),
});
export type CreateWebhookBody = Static<typeof createWebhookSchema>;

/** What PUT /webhooks/:id changes, as the request names it: the endpoint's fields, then how its source authenticates. */
export const UPDATABLE_WEBHOOK_FIELDS = [...requestFields(WEBHOOK_CHANGE_FIELDS), 'auth_mode', 'signing_secret'] as const;

/**
 * PUT /webhooks/:id administers these; the action and its target stay as created, and other legacy
 * fields are accepted and ignored. Paths in `field_mapping` and `idempotency_path` are checked by the
 * domain, which answers 400 naming the bad one.
 */
export const updateWebhookSchema = Type.Object({
  name: B.optional(B.nonEmptyString(Text.name)),
  is_active: B.optional(B.boolean()),
  field_mapping: B.optional(fieldMapping()),
  idempotency_path: B.optional(idempotencyPath()),
  auth_mode: B.optional(B.enumOf(INBOUND_AUTH_MODES)),
  signing_secret: B.optional(B.nonEmptyString(MAX_SIGNING_SECRET)),
});
export type UpdateWebhookBody = Static<typeof updateWebhookSchema>;
