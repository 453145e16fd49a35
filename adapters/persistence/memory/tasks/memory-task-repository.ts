import { ListQuery, Page } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { TASK_PRIORITIES, TaskData } from '../../../../domain/tasks/task';
import { TASK_FIELD_FILTERS, TaskFilter, TaskRepository, TaskSortField } from '../../../../domain/tasks/task-repository';
import { MemoryStore } from '../shared/memory-store';
import { matchesFields, matchesSearch, pageOf, SortValue } from '../shared/paging';

const sortValue = (t: TaskData, field: string): SortValue =>
  field === 'title'
    ? t.title
    : field === 'priority'
      ? TASK_PRIORITIES.indexOf(t.priority)
      : field === 'due_date'
        ? t.dueDate
        : field === 'position'
          ? t.position
          : field === 'updated_at'
            ? t.updatedAt
            : field === 'completed_at'
              ? t.completedAt
              : t.createdAt;

export class MemoryTaskRepository implements TaskRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<TaskData>('tasks');
  }

  async listActive(team: TeamContext, filter: TaskFilter, query: ListQuery<TaskSortField>): Promise<Page<TaskData>> {
    const search = searchQueryOf(query.search);
    const rows = this.rows.filter(
      (t) =>
        t.teamId === team.teamId &&
        t.deletedAt === null &&
        matchesFields(t, filter, TASK_FIELD_FILTERS) &&
        (filter.assigneeId === undefined || t.assigneeIds.includes(filter.assigneeId)) &&
        (filter.column === undefined || t.column === filter.column) &&
        (filter.updatedSince === undefined || t.updatedAt >= filter.updatedSince) &&
        matchesSearch(search, () => searchTextOf([t.title, t.description])),
    );
    return pageOf(rows, query, sortValue);
  }

  /** Nothing to hold: the memory store runs one unit of work at a time. */
  async lock(): Promise<void> {}

  async findById(team: TeamContext, id: string): Promise<TaskData | null> {
    const t = this.rows.get(id);
    return t && t.teamId === team.teamId ? t : null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const t = this.rows.get(id);
    return t ? { teamId: t.teamId } : null;
  }

  async insert(task: TaskData): Promise<void> {
    this.rows.set(task.id, task);
  }
  async update(task: TaskData): Promise<void> {
    this.rows.set(task.id, task);
  }
}
