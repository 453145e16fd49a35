import { TaskData } from '../../../domain/tasks/task';

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
