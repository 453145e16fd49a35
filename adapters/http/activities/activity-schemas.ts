import { ACTIVITY_PRIORITIES, ACTIVITY_TYPES } from '../../../domain/activities/activity';
import { S } from '../shared/validation';

const fields = {
  title: S.string,
  type: S.enumOf(ACTIVITY_TYPES),
  description: S.nullableString,
  // Checked and normalized to UTC by the domain, which accepts any ISO 8601 form.
  occurred_at: S.string,
  duration_minutes: S.nullableNumber,
  is_completed: S.boolean,
  due_date: S.nullableDate,
  priority: S.nullableEnumOf(ACTIVITY_PRIORITIES),
  tags: S.stringArray,
  client_id: S.nullableUuid,
  deal_id: S.nullableUuid,
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

export const updateActivitySchema = { type: 'object', properties: fields };
