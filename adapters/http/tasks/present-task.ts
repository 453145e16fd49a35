import { DeletedTask } from '../../../application/tasks/delete-task';
import { TASK_PRIORITIES, TaskData } from '../../../domain/tasks/task';
import { exactObject, R } from '../shared/documented';

/** The task as the spec shows it (2.6); nothing else leaves. */
export const presentTask = (t: TaskData) => ({
  id: t.id,
  title: t.title,
  description: t.description,
  project_id: t.projectId,
  pipeline_id: t.pipelineId,
  column: t.column,
  priority: t.priority,
  assignee_id: t.assigneeIds[0] ?? null,
  assignee_ids: t.assigneeIds,
  reporter_id: t.reporterId,
  due_date: t.dueDate,
  estimated_hours: t.estimatedHours,
  actual_hours: t.actualHours,
  position: t.position,
  tags: t.tags,
  checklist_markdown: t.checklistMarkdown,
  completed_at: t.completedAt,
  created_at: t.createdAt,
  updated_at: t.updatedAt,
  deleted_at: t.deletedAt,
});

/** What DELETE /tasks/:id answers (spec 4.4): the id and when it was deleted. */
export const presentDeletedTask = (t: DeletedTask) => ({ id: t.id, deleted_at: t.deletedAt });

/** The documented shape of `presentTask`. */
export const taskSchema = exactObject({
  id: R.uuid,
  title: R.string,
  description: R.nullableString,
  project_id: R.uuid,
  pipeline_id: R.nullableUuid,
  column: { ...R.string, description: "The slug of the task's column; `backlog` when its pipeline offers none." },
  priority: R.enumOf(TASK_PRIORITIES),
  assignee_id: { ...R.nullableUuid, description: 'The first of `assignee_ids` (compatibility), or null.' },
  assignee_ids: { type: 'array', items: R.uuid },
  reporter_id: R.nullableUuid,
  due_date: R.nullableDate,
  estimated_hours: R.nullableNumber,
  actual_hours: R.nullableNumber,
  position: R.number,
  tags: R.stringArray,
  checklist_markdown: R.nullableString,
  completed_at: R.nullableDateTime,
  created_at: R.dateTime,
  updated_at: R.dateTime,
  deleted_at: { ...R.nullableDateTime, description: 'Always null here: a deleted task is neither listed nor read.' },
});

/** The documented shape of `presentDeletedTask`. */
export const deletedTaskSchema = exactObject({ id: R.uuid, deleted_at: R.dateTime });
