import { INBOUND_ACTION_TYPES } from '../../../domain/webhooks/webhook-endpoint';
import { S } from '../shared/validation';

/** Target → a path in the payload, or a list of paths whose texts are joined (first + last name). */
const fieldMapping = {
  type: 'object',
  additionalProperties: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
};

/** Where the sender's id of a payload is (`event_id`, `entry.0.changes.0.value.leadgen_id`); null removes it. */
const idempotencyPath = { type: ['string', 'null'] };

/** POST /webhooks, per the legacy description, plus the action the receiver runs. */
export const createWebhookSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: S.nonEmptyString,
    slug: S.nonEmptyString,
    is_active: S.boolean,
    action_type: S.enumOf(INBOUND_ACTION_TYPES),
    project_id: S.uuid,
    target_pipeline_id: S.uuid,
    target_column_id: S.nonEmptyString,
    field_mapping: fieldMapping,
    idempotency_path: idempotencyPath,
  },
};

export const UPDATABLE_WEBHOOK_FIELDS = ['name', 'is_active', 'field_mapping', 'idempotency_path'] as const;

/**
 * PUT /webhooks/:id administers these; the action and its target stay as created, and other legacy
 * fields are accepted and ignored. Paths in `field_mapping` and `idempotency_path` are checked by the
 * domain, which answers 400 naming the bad one.
 */
export const updateWebhookSchema = {
  type: 'object',
  properties: { name: S.nonEmptyString, is_active: S.boolean, field_mapping: fieldMapping, idempotency_path: idempotencyPath },
};
