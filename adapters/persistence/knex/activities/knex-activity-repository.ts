import { lockRow } from '../shared/row-lock';
import { ActivityData } from '../../../../domain/activities/activity';
import {
  ACTIVITY_FIELD_FILTERS,
  ActivityFilter,
  ActivityRepository,
  ActivitySortField,
} from '../../../../domain/activities/activity-repository';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { orderBy, paginate, SortColumn, whereFields, whereSearchText } from '../shared/query';
import { fromJson, toBool, toIso, toNumberOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

const SORTS: Record<ActivitySortField, SortColumn> = {
  title: { column: 'title', kind: 'text' },
  type: { column: 'type', kind: 'text' },
  occurred_at: { column: 'occurred_at' },
  due_date: { column: 'due_date' },
  // By rank, not alphabetically: low < medium < high.
  priority: { column: "case priority when 'low' then 0 when 'medium' then 1 when 'high' then 2 end", raw: true },
  created_at: { column: 'created_at', required: true },
};

/** docs/api.md "Search": title and description. */
const searchText = (a: ActivityData): string => searchTextOf([a.title, a.description]);

function toRow(a: ActivityData): Row {
  return {
    team_id: a.teamId,
    id: a.id,
    type: a.type,
    title: a.title,
    description: a.description,
    occurred_at: a.occurredAt,
    duration_minutes: a.durationMinutes,
    is_completed: a.isCompleted,
    due_date: a.dueDate,
    priority: a.priority,
    tags: JSON.stringify(a.tags),
    client_id: a.clientId,
    deal_id: a.dealId,
    contract_id: a.contractId,
    assigned_to: a.assignedTo,
    created_by: a.createdBy,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
    search_text: searchText(a),
  };
}

const text = (v: unknown): string | null => (v as string | null) ?? null;

function fromRow(r: Row): ActivityData {
  return {
    id: r.id as string,
    teamId: r.team_id as string,
    type: r.type as ActivityData['type'],
    title: r.title as string,
    description: text(r.description),
    occurredAt: toIso(r.occurred_at),
    durationMinutes: toNumberOrNull(r.duration_minutes),
    isCompleted: toBool(r.is_completed),
    dueDate: text(r.due_date),
    priority: text(r.priority) as ActivityData['priority'],
    tags: fromJson<string[]>(r.tags, []),
    clientId: text(r.client_id),
    dealId: text(r.deal_id),
    contractId: text(r.contract_id),
    assignedTo: text(r.assigned_to),
    createdBy: text(r.created_by),
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

export class KnexActivityRepository implements ActivityRepository {
  constructor(private readonly database: KnexDatabase) {}

  async list(team: TeamContext, filter: ActivityFilter, query: ListQuery<ActivitySortField>): Promise<Page<ActivityData>> {
    const qb = this.database.db('activities').where({ team_id: team.teamId });
    whereFields(qb, filter, ACTIVITY_FIELD_FILTERS);
    if (filter.updatedSince !== undefined) qb.andWhere('updated_at', '>=', filter.updatedSince);
    whereSearchText(qb, this.database, { table: 'activities' }, searchQueryOf(query.search));
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending);
    return paginate(qb, query, fromRow);
  }

  async lock(team: TeamContext, id: string): Promise<void> {
    await lockRow(this.database, 'activities', team, id);
  }

  /** Through the (team_id, client_id) and (team_id, deal_id) indexes. */
  async listByRecords(
    team: TeamContext,
    records: { clientIds: readonly string[]; dealIds: readonly string[] },
    limit: number,
  ): Promise<ActivityData[]> {
    if (records.clientIds.length === 0 && records.dealIds.length === 0) return [];
    const rows = (await this.database
      .db('activities')
      .where({ team_id: team.teamId })
      .andWhere((w) => {
        if (records.clientIds.length) w.orWhereIn('client_id', [...records.clientIds]);
        if (records.dealIds.length) w.orWhereIn('deal_id', [...records.dealIds]);
      })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(limit)) as Row[];
    return rows.map(fromRow);
  }

  async findById(team: TeamContext, id: string): Promise<ActivityData | null> {
    const row = await this.database.db('activities').where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async insert(activity: ActivityData): Promise<void> {
    await this.database.db('activities').insert(toRow(activity));
  }

  async update(activity: ActivityData): Promise<void> {
    await this.database.db('activities').where({ team_id: activity.teamId, id: activity.id }).update(toRow(activity));
  }
}
