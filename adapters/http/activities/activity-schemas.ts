import { ACTIVITY_PRIORITIES, ACTIVITY_TYPES } from '../../../domain/activities/activity';
import { S } from '../shared/validation';

const fields = {
  title: { ...S.string, description: 'Trimmed on save; must not be blank.' },
  type: S.enumOf(ACTIVITY_TYPES),
  description: S.nullableString,
  // Checked and normalized to UTC by the domain, which accepts any ISO 8601 form.
  occurred_at: { ...S.string, description: 'An ISO 8601 timestamp, any offset; stored in UTC.' },
  duration_minutes: { ...S.nullableNumber, description: 'Minutes, zero or more.' },
  is_completed: S.boolean,
  due_date: S.nullableDate,
  priority: S.nullableEnumOf(ACTIVITY_PRIORITIES),
  tags: S.stringArray,
  client_id: { ...S.nullableUuid, description: 'A client of the team (another one is 404 on `client_id`).' },
  deal_id: { ...S.nullableUuid, description: 'A deal of the team (another one is 404 on `deal_id`).' },
  contract_id: S.nullableUuid,
  assigned_to: S.nullableUuid,
};

/** `created_by` is accepted on creation only. */
export const CREATE_ACTIVITY_FIELDS = [...Object.keys(fields), 'created_by'] as const;
export const UPDATABLE_ACTIVITY_FIELDS = Object.keys(fields);

export const createActivitySchema = {
  type: 'object',
  required: ['title'],
  properties: { ...fields, created_by: S.nullableUuid },
};

export const updateActivitySchema = {
  type: 'object',
  description: 'At least one field; `created_by` is ignored (it never changes).',
  properties: fields,
};
