import { InboundResult } from '../../../application/webhooks/inbound-processor';
import { DeliveryWarning, InboundDeliveryData } from '../../../domain/webhooks/inbound-delivery';
import { WebhookEndpointData } from '../../../domain/webhooks/webhook-endpoint';

/**
 * The endpoint as the spec shows it (2.10), plus its action. The secret and verify-token hashes
 * never leave; columns are named by slug, which is what `target_column_id` holds.
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
  requires_secret: e.secretHash !== null,
  has_verify_token: e.verifyTokenHash !== null,
  created_at: e.createdAt,
  updated_at: e.updatedAt,
});

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
