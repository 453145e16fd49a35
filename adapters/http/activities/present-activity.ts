import { ACTIVITY_PRIORITIES, ACTIVITY_TYPES, ActivityCompletion, ActivityData } from '../../../domain/activities/activity';
import { exactObject, R } from '../shared/documented';

/** The activity as the spec shows it (2.4); nothing else leaves. */
export const presentActivity = (a: ActivityData) => ({
  id: a.id,
  type: a.type,
  title: a.title,
  description: a.description,
  occurred_at: a.occurredAt,
  duration_minutes: a.durationMinutes,
  is_completed: a.isCompleted,
  due_date: a.dueDate,
  priority: a.priority,
  tags: a.tags,
  client_id: a.clientId,
  deal_id: a.dealId,
  contract_id: a.contractId,
  assigned_to: a.assignedTo,
  created_by: a.createdBy,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});

/** What DELETE answers: the activity is kept, marked completed. */
export const presentCompletion = (c: ActivityCompletion) => ({
  id: c.id,
  is_completed: c.isCompleted,
  completed_at: c.completedAt,
});

/** The documented shape of `presentActivity`. */
export const activitySchema = exactObject({
  id: R.uuid,
  type: R.enumOf(ACTIVITY_TYPES),
  title: R.string,
  description: R.nullableString,
  occurred_at: { ...R.dateTime, description: 'When it happened, in UTC; the creation moment unless given.' },
  duration_minutes: { type: ['number', 'null'], minimum: 0, description: 'Minutes; a 0 sent on creation is stored as null.' },
  is_completed: R.boolean,
  due_date: R.nullableDate,
  priority: R.nullableEnumOf(ACTIVITY_PRIORITIES),
  tags: R.stringArray,
  client_id: R.nullableUuid,
  deal_id: { ...R.nullableUuid, description: 'The technical id of the linked deal.' },
  contract_id: R.nullableUuid,
  assigned_to: R.nullableUuid,
  created_by: { ...R.nullableUuid, description: 'Set on creation only; never changes.' },
  created_at: R.dateTime,
  updated_at: R.dateTime,
});

/** The documented shape of `presentCompletion`. */
export const activityCompletionSchema = exactObject({
  id: R.uuid,
  is_completed: { type: 'boolean', const: true },
  completed_at: { ...R.dateTime, description: "Equals the activity's `updated_at`." },
});
