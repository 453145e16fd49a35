import { CreatedWebhookEndpoint } from '../../../application/webhooks/create-webhook-endpoint';
import { DeletedWebhookEndpoint } from '../../../application/webhooks/delete-webhook-endpoint';
import { UpdatedWebhookEndpoint } from '../../../application/webhooks/update-webhook-endpoint';
import { InboundEndpointStatus } from '../../../application/webhooks/get-inbound-endpoint-status';
import { InboundResult } from '../../../application/webhooks/inbound-processor';
import { DeliveryWarning, InboundDeliveryData } from '../../../domain/webhooks/inbound-delivery';
import { INBOUND_ACTION_TYPES, INBOUND_AUTH_MODES, WebhookEndpointData } from '../../../domain/webhooks/webhook-endpoint';
import { exactObject, R } from '../shared/documented';
import { Schema } from '../shared/operation';

/**
 * The endpoint as the spec shows it (2.10), plus its action and how its source authenticates. The
 * secret and verify-token hashes and the sealed signing secret never leave; columns are named by slug, which is what `target_column_id` holds.
 */
export const presentWebhookEndpoint = (e: WebhookEndpointData) => ({
  id: e.id,
  endpoint_id: e.endpointId,
  name: e.name,
  slug: e.slug,
  is_active: e.isActive,
  target_pipeline_id: e.actionConfig.pipelineId,
  target_column_id: e.actionConfig.columnSlug,
  field_mapping: structuredClone(e.fieldMapping),
  idempotency_path: e.idempotencyPath,
  action_type: e.actionType,
  action_config: {
    project_id: e.actionConfig.projectId,
    pipeline_id: e.actionConfig.pipelineId,
    column: e.actionConfig.columnSlug,
  },
  auth_mode: e.authMode,
  requires_secret: e.authMode === 'secret',
  has_verify_token: e.verifyTokenHash !== null,
  created_at: e.createdAt,
  updated_at: e.updatedAt,
});

/** POST /webhooks: the endpoint and its secret, shown this once. */
export const presentCreatedWebhookEndpoint = (c: CreatedWebhookEndpoint) => ({
  ...presentWebhookEndpoint(c.endpoint),
  secret_token: c.secret,
});

/** PUT /webhooks/:id: the endpoint, and the new credential when the mode changed (shown this once). */
export const presentUpdatedWebhookEndpoint = (u: UpdatedWebhookEndpoint) => ({
  ...presentWebhookEndpoint(u.endpoint),
  ...(u.secret === undefined ? {} : { secret_token: u.secret }),
});

export const presentDeletedWebhookEndpoint = (d: DeletedWebhookEndpoint) => ({ id: d.id, deleted: d.deleted });

/** GET /webhooks/inbound/:endpointId without a handshake (the handshake's answer is the challenge alone). */
export const presentInboundEndpointStatus = (s: Extract<InboundEndpointStatus, { kind: 'status' }>) => ({ status: s.status });

export const presentWarning = (w: DeliveryWarning) => ({
  field: w.field,
  value: w.value === undefined ? null : w.value,
  reason: w.reason,
  ...(w.record === undefined ? {} : { record: w.record }),
});

/**
 * The receiver's answer (spec 4.9), plus `entity_ids` (one per record made; `entity_id` is the
 * first), the `warnings` of the lenient reading, and `duplicate: true` on a redelivery.
 */
export const presentInboundResult = (r: InboundResult) =>
  r.kind === 'crashed'
    ? { received: true, error: r.error, ...(r.duplicate ? { duplicate: true } : {}) }
    : {
        received: true,
        success: r.success,
        action: r.action,
        entity_id: r.entityId,
        entity_type: r.entityType,
        ...(r.error === undefined ? {} : { error: r.error }),
        entity_ids: [...(r.entityIds ?? (r.entityId ? [r.entityId] : []))],
        warnings: (r.warnings ?? []).map(presentWarning),
        ...(r.duplicate ? { duplicate: true } : {}),
      };

export const presentInboundDelivery = (d: InboundDeliveryData) => ({
  id: d.id,
  webhook_id: d.webhookId,
  action: d.action,
  status: d.status,
  entity_id: d.entityId,
  entity_ids: [...d.entityIds],
  entity_type: d.entityType,
  error: d.error,
  warnings: d.warnings.map(presentWarning),
  attempts: d.attempts,
  idempotency_key: d.idempotencyKey,
  content_type: d.contentType,
  payload: d.payload,
  raw_body: d.rawBody,
  body_error: d.bodyError,
  received_at: d.receivedAt,
  processed_at: d.processedAt,
});

// The documented shapes of the answers above: every property a presenter writes, all required
// unless the presenter adds it only sometimes.

const fieldMappingSchema: Schema = {
  type: 'object',
  description:
    'Target (`full_name`, `email`, `phone`, `custom_fields.<key>`…) → a path in the payload, or a list of paths whose texts are joined.',
  additionalProperties: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
};

export const webhookEndpointSchema = exactObject({
  id: { ...R.uuid, description: 'The administration id, used by /webhooks.' },
  endpoint_id: { type: 'string', description: 'The public id of the inbound URL `/webhooks/inbound/{endpoint_id}`.' },
  name: R.string,
  slug: R.string,
  is_active: R.boolean,
  target_pipeline_id: R.nullableUuid,
  target_column_id: { ...R.nullableString, description: 'The slug of the column deals start in; null: the first open column.' },
  field_mapping: fieldMappingSchema,
  idempotency_path: {
    ...R.nullableString,
    description: "Where the sender's id of a payload is; a second payload with the same id is a redelivery.",
  },
  action_type: R.enumOf(INBOUND_ACTION_TYPES),
  action_config: exactObject({ project_id: R.uuid, pipeline_id: R.nullableUuid, column: R.nullableString }),
  auth_mode: {
    ...R.enumOf(INBOUND_AUTH_MODES),
    description:
      'How POSTs prove they come from the source: `secret` (`X-Webhook-Secret`), `meta_signature` (`X-Hub-Signature-256`), ' +
      '`typeform_signature` (`Typeform-Signature`), `standard_webhooks` (`webhook-id`, `webhook-timestamp`, `webhook-signature`), ' +
      '`url_token` (`?token=` in the URL) or `none` (anyone may post).',
  },
  requires_secret: { ...R.boolean, description: 'Whether POSTs must carry `X-Webhook-Secret` (`auth_mode: secret`).' },
  has_verify_token: { ...R.boolean, description: "Whether Meta's subscription handshake is answered." },
  created_at: R.dateTime,
  updated_at: R.dateTime,
});

const secretToken: Schema = {
  type: ['string', 'null'],
  description:
    'Shown this once, never again: the `X-Webhook-Secret` (`secret`), the signing secret made for the source ' +
    '(`typeform_signature`, `standard_webhooks`) or the URL token (`url_token`). Null when the signing secret was ' +
    'given (Meta app secret) or for `none`.',
};

/** POST /webhooks: the endpoint and its secret, shown this once. */
export const createdWebhookEndpointSchema = exactObject({
  ...(webhookEndpointSchema.properties as Record<string, Schema>),
  secret_token: secretToken,
});

/** PUT /webhooks/:id: the endpoint, with `secret_token` when `auth_mode` was sent. */
export const updatedWebhookEndpointSchema: Schema = {
  ...webhookEndpointSchema,
  properties: { ...(webhookEndpointSchema.properties as Record<string, Schema>), secret_token: secretToken },
};

export const deletedWebhookEndpointSchema = exactObject({ id: R.uuid, deleted: { const: true } });

const warningSchema: Schema = {
  type: 'object',
  description: "A value that could not be read: the field is left empty and the value is written into the lead's notes.",
  required: ['field', 'value', 'reason'],
  additionalProperties: false,
  properties: {
    field: R.string,
    value: { description: 'The value as it came (any JSON value; null when there was none).' },
    reason: R.string,
    record: { type: 'integer', minimum: 0, description: "The record's position, when the payload held several." },
  },
};

const duplicate = { const: true, description: "Present on a redelivery: this is the first delivery's answer, and nothing was done again." };

/** `presentInboundResult`: the receiver's own answer, not the envelope (spec 4.9). */
export const inboundResultSchema: Schema = {
  oneOf: [
    {
      type: 'object',
      description: 'The action ran to an outcome: done (`success: true`) or refused with the reason in `error`.',
      required: ['received', 'success', 'action', 'entity_id', 'entity_type', 'entity_ids', 'warnings'],
      additionalProperties: false,
      properties: {
        received: { const: true },
        success: R.boolean,
        action: R.enumOf(INBOUND_ACTION_TYPES),
        entity_id: { ...R.nullableUuid, description: 'The first entity made; null when refused.' },
        entity_type: { type: 'string', examples: ['deal', 'lead'] },
        error: { type: 'string', description: 'Why the payload was refused (only when `success` is false).' },
        entity_ids: { type: 'array', items: R.uuid, description: 'One per record made.' },
        warnings: { type: 'array', items: warningSchema },
        duplicate,
      },
    },
    {
      type: 'object',
      description: 'Processing failed unexpectedly; the payload was stored and can be replayed.',
      required: ['received', 'error'],
      additionalProperties: false,
      properties: { received: { const: true }, error: R.string, duplicate },
    },
  ],
};
