import { TASK_PRIORITIES } from '../../../domain/tasks/task';
import { B, Static, Text, Type } from '../shared/body';

const common = {
  title: B.optional(B.string(Text.name)),
  description: B.optional(B.nullableString(Text.long)),
  pipeline_id: B.optional(B.nullableUuid()),
  column: B.optional(B.nonEmptyString(Text.name)),
  column_slug: B.optional(B.nonEmptyString(Text.name)),
  priority: B.optional(B.enumOf(TASK_PRIORITIES)),
  assignee_ids: B.optional(B.uuidArray()),
  assignee_id: B.optional(B.nullableUuid()),
  reporter_id: B.optional(B.nullableUuid()),
  due_date: B.optional(B.nullableDate()),
  estimated_hours: B.optional(B.nullableNumber()),
  tags: B.optional(B.tags()),
  checklist_markdown: B.optional(B.nullableString(Text.long)),
};

const updateOnly = {
  completed_at: B.optional(B.nullableString(Text.code)),
  actual_hours: B.optional(B.nullableNumber()),
  position: B.optional(B.number()),
};

export const createTaskSchema = Type.Object({ ...common, title: B.string(Text.name), project_id: B.uuid() });
export type CreateTaskBody = Static<typeof createTaskSchema>;

export const updateTaskSchema = Type.Object({ ...common, ...updateOnly });
export type UpdateTaskBody = Static<typeof updateTaskSchema>;

const keysOf = <T extends object>(properties: T) => Object.keys(properties) as (keyof T & string)[];

/** What a create reads; anything else in the body is ignored. */
export const CREATE_TASK_FIELDS = ['project_id', ...keysOf(common)] as const;
/** `project_id` is not here: a task never changes project, and the field is ignored. */
export const UPDATABLE_TASK_FIELDS = [...keysOf(common), ...keysOf(updateOnly)] as const;
