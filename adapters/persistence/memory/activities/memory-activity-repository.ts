import { ACTIVITY_PRIORITIES, ActivityData } from '../../../../domain/activities/activity';
import {
  ACTIVITY_FIELD_FILTERS,
  ActivityFilter,
  ActivityRepository,
  ActivitySortField,
} from '../../../../domain/activities/activity-repository';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';
import { matchesFields, matchesSearch, oldestFirst, pageOf, SortValue } from '../shared/paging';

const sortValue = (a: ActivityData, field: string): SortValue =>
  field === 'title'
    ? a.title
    : field === 'type'
      ? a.type
      : field === 'occurred_at'
        ? a.occurredAt
        : field === 'due_date'
          ? a.dueDate
          : field === 'priority'
            ? a.priority === null
              ? null
              : ACTIVITY_PRIORITIES.indexOf(a.priority)
            : a.createdAt;

export class MemoryActivityRepository implements ActivityRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<ActivityData>('activities');
  }

  async list(team: TeamContext, filter: ActivityFilter, query: ListQuery<ActivitySortField>): Promise<Page<ActivityData>> {
    const search = searchQueryOf(query.search);
    const rows = this.rows.filter(
      (a) =>
        a.teamId === team.teamId &&
        matchesFields(a, filter, ACTIVITY_FIELD_FILTERS) &&
        (filter.updatedSince === undefined || a.updatedAt >= filter.updatedSince) &&
        matchesSearch(search, () => searchTextOf([a.title, a.description])),
    );
    return pageOf(rows, query, sortValue);
  }

  /** Nothing to hold: the memory store runs one unit of work at a time. */
  async lock(): Promise<void> {}

  async listByRecords(
    team: TeamContext,
    records: { clientIds: readonly string[]; dealIds: readonly string[] },
    limit: number,
  ): Promise<ActivityData[]> {
    const rows = this.rows.filter(
      (a) =>
        a.teamId === team.teamId &&
        ((a.clientId !== null && records.clientIds.includes(a.clientId)) || (a.dealId !== null && records.dealIds.includes(a.dealId))),
    );
    return oldestFirst(rows, (a) => a.createdAt, limit);
  }

  async findById(team: TeamContext, id: string): Promise<ActivityData | null> {
    const a = this.rows.get(id);
    return a && a.teamId === team.teamId ? a : null;
  }

  async insert(activity: ActivityData): Promise<void> {
    this.rows.set(activity.id, activity);
  }
  async update(activity: ActivityData): Promise<void> {
    this.rows.set(activity.id, activity);
  }
}
