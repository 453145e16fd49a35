import { InboundResult } from '../../../application/webhooks/inbound-processor';
import { InboundDeliveryData } from '../../../domain/webhooks/inbound-delivery';
import { WebhookEndpointData } from '../../../domain/webhooks/webhook-endpoint';

/**
 * The endpoint as the spec shows it (2.10), plus its action. The secret hash never leaves; columns
 * are named by slug, which is what `target_column_id` holds.
 */
export const presentWebhookEndpoint = (e: WebhookEndpointData) => ({
  id: e.id,
  endpoint_id: e.endpointId,
  name: e.name,
  slug: e.slug,
  is_active: e.isActive,
  target_pipeline_id: e.actionConfig.pipelineId,
  target_column_id: e.actionConfig.columnSlug,
  field_mapping: { ...e.fieldMapping },
  action_type: e.actionType,
  action_config: {
    project_id: e.actionConfig.projectId,
    pipeline_id: e.actionConfig.pipelineId,
    column: e.actionConfig.columnSlug,
  },
  requires_secret: e.secretHash !== null,
  created_at: e.createdAt,
  updated_at: e.updatedAt,
});

/** The receiver's answer (spec 4.9). */
export const presentInboundResult = (r: InboundResult) =>
  r.kind === 'crashed'
    ? { received: true, error: r.error }
    : {
      received: true,
      success: r.success,
      action: r.action,
      entity_id: r.entityId,
      entity_type: r.entityType,
      ...(r.error === undefined ? {} : { error: r.error }),
    };

export const presentInboundDelivery = (d: InboundDeliveryData) => ({
  id: d.id,
  webhook_id: d.webhookId,
  action: d.action,
  status: d.status,
  entity_id: d.entityId,
  entity_type: d.entityType,
  error: d.error,
  attempts: d.attempts,
  payload: d.payload,
  received_at: d.receivedAt,
  processed_at: d.processedAt,
});
