import { ActivityCompletion, ActivityData } from '../../../domain/activities/activity';

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

export const presentCompletion = (c: ActivityCompletion) => ({
  id: c.id,
  is_completed: c.isCompleted,
  completed_at: c.completedAt,
});
