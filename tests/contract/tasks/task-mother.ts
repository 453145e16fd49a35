import { TaskData } from '../../../domain/tasks/task';

let seq = 0;
export const uuid = (n: number) => `0190a300-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** Test data for tasks: a valid record, overridden where a test cares (keep assigneeId = assigneeIds[0]). */
export const TaskMother = {
  create(overrides: Partial<TaskData> = {}): TaskData {
    seq++;
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString();
    const t: TaskData = {
      id: uuid(seq),
      teamId: uuid(0),
      projectId: uuid(900000),
      pipelineId: null,
      column: 'backlog',
      title: `Task ${seq}`,
      description: null,
      priority: 'none',
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
      ...overrides,
    };
    return { ...t, assigneeId: t.assigneeIds[0] ?? null };
  },
  id: uuid,
};
