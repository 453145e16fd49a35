import { ChangeOf, carriesAny, requestName } from '../shared/changes';
import { NotFound, ValidationFailed } from '../shared/errors';
import { isUuid, optionalCalendarDate, requireTimestamp } from '../shared/values';

/** In rank order, lowest first: sorting by priority follows this order. */
export const TASK_PRIORITIES = ['none', 'low', 'medium', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_PRIORITY: TaskPriority = 'none';

/** The column of a task whose pipeline has no column to offer. */
export const FALLBACK_COLUMN = 'backlog';

export const isTaskPriority = (v: unknown): v is TaskPriority => (TASK_PRIORITIES as readonly unknown[]).includes(v);

/**
 * Where a task lands on its board: the column asked for, else the pipeline's first column, else
 * `backlog` (no pipeline, or a pipeline without columns).
 */
export const resolveTaskColumn = (requested: string | undefined, pipelineColumns: readonly string[]): string =>
  requested ?? pipelineColumns[0] ?? FALLBACK_COLUMN;

export interface TaskData {
  id: string;
  teamId: string;
  projectId: string;
  pipelineId: string | null;
  column: string;
  title: string;
  description: string | null;
  priority: TaskPriority;
  /** Preferred form; `assigneeId` always equals its first element (or null). */
  assigneeIds: string[];
  assigneeId: string | null;
  reporterId: string | null;
  dueDate: string | null;
  estimatedHours: number | null;
  actualHours: number | null;
  position: number;
  tags: string[];
  checklistMarkdown: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** The writable fields, in the order an empty update lists them: the one list of them. */
export const TASK_CHANGE_FIELDS = [
  'title',
  'description',
  'priority',
  'assigneeIds',
  'assigneeId',
  'reporterId',
  'dueDate',
  'completedAt',
  'estimatedHours',
  'actualHours',
  'position',
  'tags',
  'checklistMarkdown',
] as const satisfies readonly (keyof TaskData)[];

/** The writable fields; on update only the keys present are applied. `priority` is checked here: any text may come. */
export type TaskChanges = ChangeOf<TaskData, (typeof TASK_CHANGE_FIELDS)[number], { priority?: string }>;

/** Where the task sits; the use case resolves it against the project's pipelines. */
export interface TaskPlacement {
  pipelineId: string | null;
  column: string;
}

export const hasTaskChanges = (c: TaskChanges): boolean => carriesAny(c, TASK_CHANGE_FIELDS);

export class Task {
  private constructor(private data: TaskData) {}

  static create(
    id: string,
    teamId: string,
    projectId: string,
    placement: TaskPlacement,
    input: TaskChanges & { title: string },
    now: Date,
  ): Task {
    const at = now.toISOString();
    const task = new Task({
      id,
      teamId,
      projectId,
      pipelineId: placement.pipelineId,
      column: placement.column,
      title: '',
      description: null,
      priority: DEFAULT_TASK_PRIORITY,
      assigneeIds: [],
      assigneeId: null,
      reporterId: null,
      dueDate: null,
      estimatedHours: null,
      actualHours: null,
      position: 0,
      tags: [],
      checklistMarkdown: null,
      completedAt: null,
      createdAt: at,
      updatedAt: at,
      deletedAt: null,
    });
    task.data = Task.applied(task.data, input);
    return task;
  }

  static restore(data: TaskData): Task {
    return new Task(Task.copy(data));
  }

  get id(): string {
    return this.data.id;
  }
  get projectId(): string {
    return this.data.projectId;
  }
  get pipelineId(): string | null {
    return this.data.pipelineId;
  }
  get isDeleted(): boolean {
    return this.data.deletedAt !== null;
  }
  get deletedAt(): string | null {
    return this.data.deletedAt;
  }

  snapshot(): TaskData {
    return Task.copy(this.data);
  }

  /**
   * Applies the fields given, all or nothing; a deleted task cannot be changed. `placement` is
   * given when the pipeline or column changes. The project never changes.
   */
  update(changes: TaskChanges, placement: TaskPlacement | undefined, now: Date): void {
    this.assertActive();
    if (!hasTaskChanges(changes) && placement === undefined) {
      throw new ValidationFailed(`Send at least one of ${TASK_CHANGE_FIELDS.map(requestName).join(', ')}, pipeline_id, column`);
    }
    const next = Task.applied(this.data, changes);
    if (placement) {
      next.pipelineId = placement.pipelineId;
      next.column = placement.column;
    }
    next.updatedAt = now.toISOString();
    this.data = next;
  }

  /** Soft delete: the record stays, hidden from lists and reads, until an operator restores it. */
  delete(now: Date): { id: string; deletedAt: string } {
    this.assertActive();
    const at = now.toISOString();
    this.data.deletedAt = at;
    this.data.updatedAt = at;
    return { id: this.data.id, deletedAt: at };
  }

  /** Brings a soft-deleted task back; restoring an active task changes nothing. */
  restoreDeleted(now: Date): void {
    if (this.data.deletedAt === null) return;
    this.data.deletedAt = null;
    this.data.updatedAt = now.toISOString();
  }

  /** A deleted task answers like one that never existed: to reads and to writes. */
  assertActive(): void {
    if (this.data.deletedAt !== null) throw new NotFound('Task not found');
  }

  private static applied(current: TaskData, c: TaskChanges): TaskData {
    const next = Task.copy(current);
    if (c.title !== undefined) {
      if (!c.title.trim()) throw new ValidationFailed('title must not be empty', 'title');
      next.title = c.title;
    }
    if (c.description !== undefined) next.description = c.description;
    if (c.checklistMarkdown !== undefined) next.checklistMarkdown = c.checklistMarkdown;
    if (c.priority !== undefined) {
      if (!isTaskPriority(c.priority)) throw new ValidationFailed(`priority must be one of ${TASK_PRIORITIES.join(', ')}`, 'priority');
      next.priority = c.priority;
    }
    // `assigneeIds` is the preferred form and wins; a lone `assigneeId` (the compatibility form)
    // means "assigned to this one person" and replaces the list.
    if (c.assigneeIds !== undefined) {
      next.assigneeIds = Task.assignees(c.assigneeIds);
    } else if (c.assigneeId !== undefined) {
      next.assigneeIds = c.assigneeId === null ? [] : [Task.uuid(c.assigneeId, 'assignee_id')];
    }
    next.assigneeId = next.assigneeIds[0] ?? null;
    if (c.reporterId !== undefined) next.reporterId = c.reporterId === null ? null : Task.uuid(c.reporterId, 'reporter_id');
    if (c.dueDate !== undefined) {
      next.dueDate = optionalCalendarDate(c.dueDate, 'due_date');
    }
    if (c.completedAt !== undefined) {
      next.completedAt = c.completedAt === null ? null : requireTimestamp(c.completedAt, 'completed_at');
    }
    if (c.estimatedHours !== undefined) next.estimatedHours = Task.hours(c.estimatedHours, 'estimated_hours');
    if (c.actualHours !== undefined) next.actualHours = Task.hours(c.actualHours, 'actual_hours');
    if (c.position !== undefined) {
      if (!Number.isFinite(c.position)) throw new ValidationFailed('position must be a number', 'position');
      next.position = c.position;
    }
    if (c.tags !== undefined) {
      if (!Array.isArray(c.tags) || !c.tags.every((t) => typeof t === 'string')) {
        throw new ValidationFailed('tags must be a list of strings', 'tags');
      }
      next.tags = [...c.tags];
    }
    return next;
  }

  private static assignees(ids: string[]): string[] {
    if (!Array.isArray(ids)) throw new ValidationFailed('assignee_ids must be a list of UUIDs', 'assignee_ids');
    const unique: string[] = [];
    for (const id of ids) {
      const v = Task.uuid(id, 'assignee_ids');
      if (!unique.includes(v)) unique.push(v);
    }
    return unique;
  }

  private static uuid(v: string, field: string): string {
    if (!isUuid(v)) throw new ValidationFailed(`${field} must be a UUID`, field);
    return v;
  }

  private static hours(v: number | null, field: string): number | null {
    if (v !== null && (!Number.isFinite(v) || v < 0)) throw new ValidationFailed(`${field} must be a number of hours, zero or more`, field);
    return v;
  }

  private static copy(d: TaskData): TaskData {
    return { ...d, assigneeIds: [...d.assigneeIds], assigneeId: d.assigneeIds[0] ?? null, tags: [...d.tags] };
  }
}
