import { RecordLocks } from '../shared/record-locks';
import { FieldFilters, ListQuery, Page, Sort, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { ActivityData, ActivityType, isActivityType } from './activity';

export const ACTIVITY_SORT_FIELDS = ['title', 'type', 'occurred_at', 'due_date', 'priority', 'created_at'] as const;
export type ActivitySortField = (typeof ACTIVITY_SORT_FIELDS)[number];

/**
 * Activity lists never refuse a sort: an unlisted field falls back to `created_at` and keeps the
 * direction that was asked for (`x` ascending, `-x` descending).
 */
export const activitySort = (raw: string | undefined): Sort<ActivitySortField> => {
  if (raw === undefined || raw === '') return { field: 'created_at', descending: true };
  const descending = raw.startsWith('-');
  const name = descending ? raw.slice(1) : raw;
  const field = (ACTIVITY_SORT_FIELDS as readonly string[]).includes(name) ? (name as ActivitySortField) : 'created_at';
  return { field, descending };
};

/** The `type` filter: an unlisted value filters nothing rather than failing. */
export const activityTypeFilter = (raw: string | undefined): ActivityType | undefined => (isActivityType(raw) ? raw : undefined);

/** The `completed` filter: only `true` and `false` filter; any other value filters nothing. */
export const completedFilter = (raw: string | undefined): boolean | undefined =>
  raw === 'true' ? true : raw === 'false' ? false : undefined;

export interface ActivityFilter extends UpdatedSince {
  type?: ActivityType;
  clientId?: string;
  dealId?: string;
  completed?: boolean;
}

/** The activity filters that hold one field to a value (all of them). */
export const ACTIVITY_FIELD_FILTERS: FieldFilters<ActivityFilter, ActivityData> = {
  type: 'type',
  clientId: 'clientId',
  dealId: 'dealId',
  completed: 'isCompleted',
};

/** No delete: DELETE marks an activity completed (see `Activity.complete`). */
export interface ActivityRepository extends RecordLocks {
  list(team: TeamContext, filter: ActivityFilter, query: ListQuery<ActivitySortField>): Promise<Page<ActivityData>>;
  /** The activities of these clients or these deals, oldest first, at most `limit`. */
  listByRecords(
    team: TeamContext,
    records: { clientIds: readonly string[]; dealIds: readonly string[] },
    limit: number,
  ): Promise<ActivityData[]>;
  findById(team: TeamContext, id: string): Promise<ActivityData | null>;
  insert(activity: ActivityData): Promise<void>;
  update(activity: ActivityData): Promise<void>;
}
