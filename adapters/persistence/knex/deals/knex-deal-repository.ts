import { DealData, DealPriority, DealScope } from '../../../../domain/deals/deal';
import { DealFilter, DealRepository, DealSortField, DealView } from '../../../../domain/deals/deal-repository';
import { ListQuery, Page, offsetOf } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { SortColumn, orderBy, paginate, whereSearchText } from '../shared/query';
import { fromJson, toBool, toIso, toIsoOrNull, toJson, toNumberOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

const SORTS: Record<DealSortField, SortColumn> = {
  title: { column: 'd.title', kind: 'text', required: true },
  value: { column: 'd.value' },
  phase: { column: 'd.phase', kind: 'text' },
  created_at: { column: 'd.created_at', required: true },
  updated_at: { column: 'd.updated_at', required: true },
  expected_close_date: { column: 'd.expected_close_date' },
};

const TEXT_COLUMNS = {
  originType: 'origin_type', sourcePath: 'source_path', utmSource: 'utm_source', utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign', utmTerm: 'utm_term', utmContent: 'utm_content', contactName: 'contact_name',
  contactEmail: 'contact_email', contactPhone: 'contact_phone', lossNote: 'loss_note', winNote: 'win_note',
  aiSummary: 'ai_summary', description: 'description', source: 'source', lossReason: 'loss_reason',
  projectId: 'project_id', pipelineId: 'pipeline_id', clientId: 'client_id', responsibleId: 'responsible_id',
  leadId: 'lead_id', lossReasonId: 'loss_reason_id', expectedCloseDate: 'expected_close_date',
} as const satisfies Partial<Record<keyof DealData, string>>;

/** README "Search": title and description. */
const searchText = (d: DealData): string => searchTextOf([d.title, d.description]);

function toRow(d: DealData): Row {
  const row: Row = {
    team_id: d.teamId, id: d.id, scope: d.scope, title: d.title, value: d.value, currency: d.currency, phase: d.phase,
    priority: d.priority, status: d.status, probability: d.probability, tags: JSON.stringify(d.tags),
    is_starred: d.isStarred, archived_at: d.archivedAt, created_at: d.createdAt, updated_at: d.updatedAt,
    attribution: toJson(d.attribution), metadata: toJson(d.metadata), custom_fields: toJson(d.customFields),
    position: d.position, checklist: toJson(d.checklist), won_at: d.wonAt, lost_at: d.lostAt,
    ai_win_probability: d.aiWinProbability, ai_analyzed_at: d.aiAnalyzedAt, search_text: searchText(d),
  };
  for (const [k, col] of Object.entries(TEXT_COLUMNS)) row[col] = d[k as keyof typeof TEXT_COLUMNS];
  return row;
}

function fromRow(r: Row): DealData {
  const text = Object.fromEntries(Object.entries(TEXT_COLUMNS).map(([k, col]) => [k, (r[col] as string | null) ?? null]));
  return {
    ...(text as Pick<DealData, keyof typeof TEXT_COLUMNS>),
    id: r.id as string, teamId: r.team_id as string, scope: r.scope as DealScope, title: r.title as string,
    value: toNumberOrNull(r.value), currency: r.currency as string, phase: r.phase as string,
    priority: r.priority as DealPriority, status: r.status as string, probability: toNumberOrNull(r.probability),
    tags: fromJson<string[]>(r.tags, []), isStarred: toBool(r.is_starred), archivedAt: toIsoOrNull(r.archived_at),
    createdAt: toIso(r.created_at), updatedAt: toIso(r.updated_at),
    attribution: fromJson<Record<string, unknown> | null>(r.attribution, null),
    metadata: fromJson<Record<string, unknown> | null>(r.metadata, null),
    customFields: fromJson<Record<string, unknown> | null>(r.custom_fields, null),
    position: toNumberOrNull(r.position), checklist: fromJson<unknown[] | null>(r.checklist, null),
    wonAt: toIsoOrNull(r.won_at), lostAt: toIsoOrNull(r.lost_at),
    aiWinProbability: toNumberOrNull(r.ai_win_probability), aiAnalyzedAt: toIsoOrNull(r.ai_analyzed_at),
  };
}

/** The row of `deal_counts` a deal is counted in. */
interface CountKey {
  team_id: string;
  scope: string;
  project_key: string;
  pipeline_key: string;
  status: string;
}

const countKeyOf = (d: Pick<DealData, 'teamId' | 'scope' | 'projectId' | 'pipelineId' | 'status'>): CountKey => ({
  team_id: d.teamId, scope: d.scope, project_key: d.projectId?.toLowerCase() ?? '', pipeline_key: d.pipelineId?.toLowerCase() ?? '', status: d.status,
});

const sameCountKey = (a: CountKey, b: CountKey): boolean =>
  a.team_id === b.team_id && a.scope === b.scope && a.project_key === b.project_key && a.pipeline_key === b.pipeline_key && a.status === b.status;

const toView = (r: Row): DealView => ({
  deal: fromRow(r),
  client: r.client_id && r.client_name !== null && r.client_name !== undefined
    ? { id: r.client_id as string, name: r.client_name as string }
    : null,
});

/** `YYYY-MM-DD` bounds of `from`/`to` as instants, so a whole day is included. */
const dayStart = (d: string) => `${d}T00:00:00.000Z`;
const dayEnd = (d: string) => `${d}T23:59:59.999Z`;

export class KnexDealRepository implements DealRepository {
  constructor(private readonly database: KnexDatabase) {}

  /** Deals with their client's name, in one query. */
  private select() {
    return this.database.db('deals as d')
      .leftJoin('clients as c', (j) => j.on('c.team_id', 'd.team_id').andOn('c.id', 'd.client_id'))
      .select('d.*', 'c.name as client_name');
  }

  /**
   * The total and the page's ids are read from the deals alone (the client join adds no rows, and an
   * index on the filter and sort columns with the id can answer both without touching a row); only the
   * page's own rows are then read whole, with their client.
   */
  async list(team: TeamContext, filter: DealFilter, query: ListQuery<DealSortField>): Promise<Page<DealView>> {
    const qb = this.database.db('deals as d').where({ 'd.team_id': team.teamId, 'd.scope': filter.scope });
    const eq: [keyof DealFilter, string][] = [
      ['projectId', 'd.project_id'], ['pipelineId', 'd.pipeline_id'], ['status', 'd.status'], ['phase', 'd.phase'],
      ['clientId', 'd.client_id'], ['leadId', 'd.lead_id'], ['responsibleId', 'd.responsible_id'], ['source', 'd.source'],
    ];
    for (const [key, col] of eq) if (filter[key] !== undefined) qb.andWhere(col, filter[key] as string);
    if (filter.minValue !== undefined) qb.andWhere('d.value', '>=', filter.minValue);
    if (filter.maxValue !== undefined) qb.andWhere('d.value', '<=', filter.maxValue);
    if (filter.from !== undefined) qb.andWhere('d.created_at', '>=', dayStart(filter.from));
    if (filter.to !== undefined) qb.andWhere('d.created_at', '<=', dayEnd(filter.to));
    whereSearchText(qb, 'd.search_text', searchQueryOf(query.search));
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending, 'd.id');
    const counted = await this.countedTotal(team, filter, query);
    const ids = counted === undefined
      ? await paginate<{ id: string }, string>(qb.select('d.id'), query, (r) => r.id)
      : { items: (await qb.select('d.id').offset(offsetOf(query)).limit(query.limit)).map((r: { id: string }) => r.id), total: counted };
    if (ids.items.length === 0) return { items: [], total: ids.total };
    const rows: Row[] = await this.select().where('d.team_id', team.teamId).whereIn('d.id', ids.items);
    const byId = new Map(rows.map((r) => [r.id as string, r]));
    return { items: ids.items.map((id) => toView(byId.get(id)!)), total: ids.total };
  }

  async findById(team: TeamContext, id: string): Promise<DealView | null> {
    const row = await this.select().where({ 'd.team_id': team.teamId, 'd.id': id }).first();
    return row ? toView(row) : null;
  }

  async insert(deal: DealData): Promise<void> {
    await this.database.db('deals').insert(toRow(deal));
    await this.addCount(countKeyOf(deal), 1);
  }

  async update(deal: DealData): Promise<void> {
    const before = this.database.db('deals').where({ team_id: deal.teamId, id: deal.id }).first('team_id', 'scope', 'project_id', 'pipeline_id', 'status');
    // Two updates of one deal at once must each see the other's status: the row lock orders them.
    const old: Row | undefined = await (this.database.dialect === 'postgres' ? before.forUpdate() : before);
    await this.database.db('deals').where({ team_id: deal.teamId, id: deal.id }).update(toRow(deal));
    if (!old) return;
    const from = countKeyOf({ teamId: old.team_id as string, scope: old.scope as DealScope, projectId: old.project_id as string | null, pipelineId: old.pipeline_id as string | null, status: old.status as string });
    const to = countKeyOf(deal);
    if (sameCountKey(from, to)) return;
    await this.addCount(from, -1);
    await this.addCount(to, 1);
  }

  /** The total from the kept counts, when the filter is one they are kept for; otherwise undefined. */
  private async countedTotal(team: TeamContext, filter: DealFilter, query: ListQuery<DealSortField>): Promise<number | undefined> {
    if (searchQueryOf(query.search)) return undefined;
    const { scope, projectId, pipelineId, status, ...others } = filter;
    if (Object.values(others).some((v) => v !== undefined)) return undefined;
    const qb = this.database.db('deal_counts').where({ team_id: team.teamId, scope });
    if (projectId !== undefined) qb.andWhere('project_key', projectId.toLowerCase());
    if (pipelineId !== undefined) qb.andWhere('pipeline_key', pipelineId.toLowerCase());
    if (status !== undefined) qb.andWhere('status', status);
    const row = await qb.sum({ n: 'n' }).first();
    return Number((row as { n: number | string | null } | undefined)?.n ?? 0);
  }

  private async addCount(key: CountKey, delta: number): Promise<void> {
    await this.database.db('deal_counts').insert({ ...key, n: delta })
      .onConflict(['team_id', 'scope', 'project_key', 'pipeline_key', 'status'])
      .merge({ n: this.database.knex.raw('deal_counts.n + excluded.n') });
  }
}
