import { TASK_PRIORITIES } from '../../../domain/tasks/task';
import { S } from '../shared/validation';

const common = {
  title: S.string,
  description: S.nullableString,
  pipeline_id: S.nullableUuid,
  column: S.nonEmptyString,
  column_slug: S.nonEmptyString,
  priority: S.enumOf(TASK_PRIORITIES),
  assignee_ids: { type: 'array', items: S.uuid },
  assignee_id: S.nullableUuid,
  reporter_id: S.nullableUuid,
  due_date: S.nullableDate,
  estimated_hours: S.nullableNumber,
  tags: S.stringArray,
  checklist_markdown: S.nullableString,
};

const updateOnly = {
  completed_at: { anyOf: [S.string, { type: 'null' }] },
  actual_hours: S.nullableNumber,
  position: S.number,
};

export const CREATE_TASK_FIELDS = ['project_id', ...Object.keys(common)] as const;
/** `project_id` is not here: a task never changes project, and the field is ignored. */
export const UPDATABLE_TASK_FIELDS = [...Object.keys(common), ...Object.keys(updateOnly)] as const;

export const createTaskSchema = {
  type: 'object',
  required: ['title', 'project_id'],
  properties: { ...common, project_id: S.uuid },
};

export const updateTaskSchema = { type: 'object', properties: { ...common, ...updateOnly } };
