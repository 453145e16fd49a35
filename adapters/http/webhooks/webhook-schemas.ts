import { INBOUND_ACTION_TYPES } from '../../../domain/webhooks/webhook-endpoint';
import { S } from '../shared/validation';

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
    field_mapping: S.object,
  },
};

export const UPDATABLE_WEBHOOK_FIELDS = ['name', 'is_active'] as const;

/** PUT /webhooks/:id administers only these; legacy fields are accepted and ignored. */
export const updateWebhookSchema = {
  type: 'object',
  properties: { name: S.nonEmptyString, is_active: S.boolean },
};
