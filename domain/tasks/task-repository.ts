import { RecordLocks } from '../shared/record-locks';
import { ValidationFailed } from '../shared/errors';
import { FieldFilters, ListQuery, Page, Sort, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { TaskData, TaskPriority } from './task';

export const TASK_SORT_FIELDS = ['title', 'priority', 'due_date', 'position', 'created_at', 'updated_at', 'completed_at'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

/** Task lists accept only their own sort fields; anything else is a request error. */
export const taskSort = (raw: string | undefined): Sort<TaskSortField> => {
  if (raw === undefined || raw === '') return { field: 'created_at', descending: true };
  const descending = raw.startsWith('-');
  const name = descending ? raw.slice(1) : raw;
  return { field: requireTaskSortField(name), descending };
};

/** A sort field of task lists; anything else is a request error on `sort`. */
export const requireTaskSortField = (field: string): TaskSortField => {
  if (!(TASK_SORT_FIELDS as readonly string[]).includes(field)) {
    throw new ValidationFailed(`sort must be one of ${TASK_SORT_FIELDS.join(', ')}, optionally prefixed with -`, 'sort');
  }
  return field as TaskSortField;
};

export interface TaskFilter extends UpdatedSince {
  projectId?: string;
  pipelineId?: string;
  /** Tasks whose assignee list contains this id. */
  assigneeId?: string;
  priority?: TaskPriority;
  column?: string;
}

/** The task filters that hold one field to a value; the assignee and the column are read apart. */
export const TASK_FIELD_FILTERS: FieldFilters<TaskFilter, TaskData> = {
  projectId: 'projectId',
  pipelineId: 'pipelineId',
  priority: 'priority',
};

export interface TaskRepository extends RecordLocks {
  /** Active tasks only: soft-deleted ones never appear in a list. */
  listActive(team: TeamContext, filter: TaskFilter, query: ListQuery<TaskSortField>): Promise<Page<TaskData>>;
  /** Active or deleted: callers decide what a deleted task means to them. */
  findById(team: TeamContext, id: string): Promise<TaskData | null>;
  /** The team a task belongs to, for operator commands that name only the task (rare: may scan). */
  findTeamOf(id: string): Promise<TeamContext | null>;
  insert(task: TaskData): Promise<void>;
  update(task: TaskData): Promise<void>;
}
