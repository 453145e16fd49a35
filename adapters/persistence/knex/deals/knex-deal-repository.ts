import { lockRow } from '../shared/row-lock';
import { DealData, DealPriority, DealScope } from '../../../../domain/deals/deal';
import { EventData } from '../../../../domain/events/event';
import { DealFilter, DealHolders, DealRepository, DealSortField, DealView } from '../../../../domain/deals/deal-repository';
import { ListQuery, Page, offsetOf } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { KeptCounts, forUpdate, idKey } from '../shared/kept-counts';
import { Dialect } from '../shared/connection';
import { KnexDatabase } from '../shared/knex-database';
import { rowOf } from '../shared/row-writes';
import { placeholders } from '../shared/id-chunks';
import { eventRow } from '../events/knex-event-outbox';
import { RememberedPages, VersionedMemo } from '../shared/remembered-pages';
import { TeamVersions, VersionTable } from '../shared/team-versions';
import { SortColumn, orderBy, orderSql, whereSearchText } from '../shared/query';
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

/** docs/api.md "Search": title and description. */
const searchText = (d: DealData): string => searchTextOf([d.title, d.description]);

function toRow(d: DealData): Row {
  return {
    team_id: d.teamId,
    id: d.id,
    scope: d.scope,
    title: d.title,
    value: d.value,
    currency: d.currency,
    phase: d.phase,
    priority: d.priority,
    status: d.status,
    probability: d.probability,
    tags: JSON.stringify(d.tags),
    is_starred: d.isStarred,
    archived_at: d.archivedAt,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
    attribution: toJson(d.attribution),
    metadata: toJson(d.metadata),
    custom_fields: toJson(d.customFields),
    position: d.position,
    checklist: toJson(d.checklist),
    won_at: d.wonAt,
    lost_at: d.lostAt,
    ai_win_probability: d.aiWinProbability,
    ai_analyzed_at: d.aiAnalyzedAt,
    search_text: searchText(d),
    origin_type: d.originType,
    source_path: d.sourcePath,
    utm_source: d.utmSource,
    utm_medium: d.utmMedium,
    utm_campaign: d.utmCampaign,
    utm_term: d.utmTerm,
    utm_content: d.utmContent,
    contact_name: d.contactName,
    contact_email: d.contactEmail,
    contact_phone: d.contactPhone,
    loss_note: d.lossNote,
    win_note: d.winNote,
    ai_summary: d.aiSummary,
    description: d.description,
    source: d.source,
    loss_reason: d.lossReason,
    project_id: d.projectId,
    pipeline_id: d.pipelineId,
    client_id: d.clientId,
    responsible_id: d.responsibleId,
    lead_id: d.leadId,
    loss_reason_id: d.lossReasonId,
    expected_close_date: d.expectedCloseDate,
  };
}

/** What a deal read selects: every column but `search_text` (the search's own copy, never answered), then the client's name. */
const VIEW_COLUMNS = [
  'team_id',
  'id',
  'scope',
  'title',
  'value',
  'currency',
  'phase',
  'priority',
  'status',
  'probability',
  'tags',
  'is_starred',
  'archived_at',
  'created_at',
  'updated_at',
  'attribution',
  'metadata',
  'custom_fields',
  'position',
  'checklist',
  'won_at',
  'lost_at',
  'ai_win_probability',
  'ai_analyzed_at',
  'origin_type',
  'source_path',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'contact_name',
  'contact_email',
  'contact_phone',
  'loss_note',
  'win_note',
  'ai_summary',
  'description',
  'source',
  'loss_reason',
  'project_id',
  'pipeline_id',
  'client_id',
  'responsible_id',
  'lead_id',
  'loss_reason_id',
  'expected_close_date',
  'client_name',
] as const;

/** Each selected column's position in a row. */
const C = Object.fromEntries(VIEW_COLUMNS.map((c, i) => [c, i])) as Record<(typeof VIEW_COLUMNS)[number], number>;

/**
 * The deals with their client's name, as one written statement (no query building per request). The name
 * is a subquery on the client's key: unlike a join, SQLite plans it without a filter over the clients.
 */
const VIEW_SELECTED =
  `${VIEW_COLUMNS.slice(0, -1)
    .map((c) => `d.${c}`)
    .join(', ')}, ` + '(select c.name from clients c where c.team_id = d.team_id and c.id = d.client_id) as client_name';
const VIEW_SELECT = `select ${VIEW_SELECTED} from deals d`;

/**
 * What a remembered deal page shows, and so the versions it is remembered under (`RememberedPages`): the
 * team's deals, and its clients, whose names the page shows (`client_name` above). A write of either moves
 * its own version and no other: a client's writer need not know that deal pages show its name. The deals'
 * version comes first: a counted total, which counts deals alone, is remembered under it only.
 */
const DEAL_PAGE_VERSIONS: readonly VersionTable[] = ['deal_versions', 'client_versions'];

/** Where a kept page's rows carry the list's total: the column after the view's (see `keptPage`). */
const KEPT_TOTAL = VIEW_COLUMNS.length;

type Columns = readonly unknown[];

/** A row read by position into one literal: no per-row loops, spreads or keyed lookups. */
function fromRow(r: Columns): DealData {
  return {
    id: r[C.id] as string,
    teamId: r[C.team_id] as string,
    scope: r[C.scope] as DealScope,
    title: r[C.title] as string,
    value: toNumberOrNull(r[C.value]),
    currency: r[C.currency] as string,
    phase: r[C.phase] as string,
    priority: r[C.priority] as DealPriority,
    status: r[C.status] as string,
    probability: toNumberOrNull(r[C.probability]),
    tags: fromJson<string[]>(r[C.tags], []),
    isStarred: toBool(r[C.is_starred]),
    archivedAt: toIsoOrNull(r[C.archived_at]),
    createdAt: toIso(r[C.created_at]),
    updatedAt: toIso(r[C.updated_at]),
    attribution: fromJson<Record<string, unknown> | null>(r[C.attribution], null),
    metadata: fromJson<Record<string, unknown> | null>(r[C.metadata], null),
    customFields: fromJson<Record<string, unknown> | null>(r[C.custom_fields], null),
    position: toNumberOrNull(r[C.position]),
    checklist: fromJson<unknown[] | null>(r[C.checklist], null),
    wonAt: toIsoOrNull(r[C.won_at]),
    lostAt: toIsoOrNull(r[C.lost_at]),
    aiWinProbability: toNumberOrNull(r[C.ai_win_probability]),
    aiAnalyzedAt: toIsoOrNull(r[C.ai_analyzed_at]),
    originType: r[C.origin_type] as string | null,
    sourcePath: r[C.source_path] as string | null,
    utmSource: r[C.utm_source] as string | null,
    utmMedium: r[C.utm_medium] as string | null,
    utmCampaign: r[C.utm_campaign] as string | null,
    utmTerm: r[C.utm_term] as string | null,
    utmContent: r[C.utm_content] as string | null,
    contactName: r[C.contact_name] as string | null,
    contactEmail: r[C.contact_email] as string | null,
    contactPhone: r[C.contact_phone] as string | null,
    lossNote: r[C.loss_note] as string | null,
    winNote: r[C.win_note] as string | null,
    aiSummary: r[C.ai_summary] as string | null,
    description: r[C.description] as string | null,
    source: r[C.source] as string | null,
    lossReason: r[C.loss_reason] as string | null,
    projectId: r[C.project_id] as string | null,
    pipelineId: r[C.pipeline_id] as string | null,
    clientId: r[C.client_id] as string | null,
    responsibleId: r[C.responsible_id] as string | null,
    leadId: r[C.lead_id] as string | null,
    lossReasonId: r[C.loss_reason_id] as string | null,
    expectedCloseDate: r[C.expected_close_date] as string | null,
  };
}

/** The row of `deal_counts` a deal is counted in. */
type CountKey = { team_id: string; scope: string; project_key: string; pipeline_key: string; status: string };

const countKeyOf = (d: Pick<DealData, 'teamId' | 'scope' | 'projectId' | 'pipelineId' | 'status'>): CountKey => ({
  team_id: d.teamId,
  scope: d.scope,
  project_key: idKey(d.projectId),
  pipeline_key: idKey(d.pipelineId),
  status: d.status,
});

/** The row of `deal_day_counts` a deal is counted in: its team, scope and day of creation. */
type DayKey = { team_id: string; scope: string; day: string };

/**
 * The day a deal was created, as `deal_day_counts` keys it (migration 20261126000200): on SQLite the
 * stored instant's first ten characters, so that the text order of `created_at` and of the days agree;
 * on PostgreSQL the instant's date in UTC.
 */
const dayKeyOf = (dialect: Dialect, d: Pick<DealData, 'teamId' | 'scope' | 'createdAt'>): DayKey => ({
  team_id: d.teamId,
  scope: d.scope,
  day: (dialect === 'sqlite' ? d.createdAt : new Date(d.createdAt).toISOString()).slice(0, 10),
});

/** The first instant of a day (`YYYY-MM-DD`, UTC) as this dialect compares `created_at` with it; `next` is the following day's. */
const dayStartOf = (dialect: Dialect, day: string, next = false): string => {
  const date = next ? new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10) : day;
  // SQLite compares text: the bare date sorts before every instant of its day and after every earlier one.
  return dialect === 'sqlite' ? date : `${date}T00:00:00.000Z`;
};

/**
 * Offsets from which a page in creation order starts from its day (`deal_day_counts`) instead of walking
 * every index entry before it. Finding the day reads the scope's day counts, about 0.45 µs a day on
 * SQLite against 0.026 µs an index entry walked: for two years of deals (730 days) the two cost the same
 * at an offset of about 13 000. Measured with `npm run bench`: the middle page of 10 000 deals (offset
 * 5 000) was a quarter slower from its day than walked, and the middle of a million fifty times faster.
 */
const DEEP_PAGE_OFFSET = 20_000;

export interface KnexDealRepositoryOptions {
  /** The offset from which a page in creation order starts from its day (default `DEEP_PAGE_OFFSET`). */
  deepPageOffset?: number;
}

/** Counted totals a repository remembers (`countedTotal`); the least recently used ones are let go beyond it. */
const COUNTED_TOTALS = 1000;

/**
 * Deals a repository remembers in pages (`list`), the least recently used pages let go beyond it: about
 * two hundred first pages of twenty, a few megabytes.
 */
const REMEMBERED_DEALS = 4000;

/** A view given to several readers: none of them may change it for the next (shallow, as the presenters read it). */
function freezeView(view: DealView): void {
  Object.freeze(view.deal);
  if (view.client) Object.freeze(view.client);
  Object.freeze(view);
}

const toView = (r: Columns): DealView => {
  const clientId = r[C.client_id] as string | null;
  const clientName = r[C.client_name] as string | null;
  return { deal: fromRow(r), client: clientId && clientName !== null ? { id: clientId, name: clientName } : null };
};

/** `YYYY-MM-DD` bounds of `from`/`to` as instants, so a whole day is included. */
const dayStart = (d: string) => `${d}T00:00:00.000Z`;
const dayEnd = (d: string) => `${d}T23:59:59.999Z`;

export class KnexDealRepository implements DealRepository {
  private readonly counts: KeptCounts<CountKey>;
  private readonly dayCounts: KeptCounts<DayKey>;
  private readonly orders = new Map<string, string>();
  private readonly versions: TeamVersions;
  /** Totals counted per team and filter, under the team version they were counted at (`countedTotal`). */
  private readonly totals = new VersionedMemo<number>(COUNTED_TOTALS);
  /** Pages read per team, filter and query, under the team version they were read at (`list`). */
  private readonly pages: RememberedPages<DealView>;

  private readonly deepPageOffset: number;

  constructor(
    private readonly database: KnexDatabase,
    options: KnexDealRepositoryOptions = {},
  ) {
    this.deepPageOffset = options.deepPageOffset ?? DEEP_PAGE_OFFSET;
    this.versions = new TeamVersions(database, 'deal_versions');
    this.pages = new RememberedPages(database, DEAL_PAGE_VERSIONS, REMEMBERED_DEALS, freezeView);
    this.counts = new KeptCounts(database, 'deal_counts', ['team_id', 'scope', 'project_key', 'pipeline_key', 'status']);
    this.dayCounts = new KeptCounts(database, 'deal_day_counts', ['team_id', 'scope', 'day']);
  }

  /**
   * A page is read once per version of the team's deals and of its clients (`DEAL_PAGE_VERSIONS`, moved by
   * every write of a deal, of a client) and then given again until one of them moves (`RememberedPages`).
   */
  async list(team: TeamContext, filter: DealFilter, query: ListQuery<DealSortField>): Promise<Page<DealView>> {
    return this.pages.page(team, [filter, query], (versions) => this.read(team, filter, query, versions && versions[0]));
  }

  /**
   * The total and the page's ids are read from the deals alone (the client join adds no rows, and an
   * index on the filter and sort columns with the id can answer both without touching a row); only the
   * page's own rows are then read whole, with their client. `version`: the team's deals', read before, or
   * null inside a unit of work.
   */
  private async read(
    team: TeamContext,
    filter: DealFilter,
    query: ListQuery<DealSortField>,
    version: number | null,
  ): Promise<Page<DealView>> {
    const search = searchQueryOf(query.search);
    const filtered = (narrow: boolean) => {
      const qb = this.database.db('deals as d').where({ 'd.team_id': team.teamId, 'd.scope': filter.scope });
      const eq: [keyof DealFilter, string][] = [
        ['projectId', 'd.project_id'],
        ['pipelineId', 'd.pipeline_id'],
        ['status', 'd.status'],
        ['phase', 'd.phase'],
        ['clientId', 'd.client_id'],
        ['leadId', 'd.lead_id'],
        ['responsibleId', 'd.responsible_id'],
        ['source', 'd.source'],
      ];
      for (const [key, col] of eq) if (filter[key] !== undefined) qb.andWhere(col, filter[key] as string);
      if (filter.minValue !== undefined) qb.andWhere('d.value', '>=', filter.minValue);
      if (filter.maxValue !== undefined) qb.andWhere('d.value', '<=', filter.maxValue);
      if (filter.from !== undefined) qb.andWhere('d.created_at', '>=', dayStart(filter.from));
      if (filter.to !== undefined) qb.andWhere('d.created_at', '<=', dayEnd(filter.to));
      if (filter.updatedSince !== undefined) qb.andWhere('d.updated_at', '>=', filter.updatedSince);
      whereSearchText(qb, this.database, { table: 'deals', alias: 'd' }, search, { narrow });
      orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending, 'd.id');
      return qb.select('d.id');
    };
    const kept = this.keptCountKey(team, filter, query);
    let ids: string[];
    let total: number;
    if (kept) {
      const start: { from?: string; skip: number } | null = this.startsFromDay(kept, query)
        ? await this.dayOfOffset(team, filter.scope, query)
        : { skip: offsetOf(query) };
      const rows = start === null ? [] : await this.keptPage(team, kept, filter, query, start);
      if (rows.length === 0) return { items: [], total: await this.counts.total(kept) };
      return { items: rows.map(toView), total: Number(rows[0][KEPT_TOTAL] ?? 0) };
    } else {
      total = await this.countedTotal(team, version, [filter, search], async () =>
        Number(((await filtered(true).clearSelect().clearOrder().count({ n: '*' }).first()) as { n: number | string } | undefined)?.n ?? 0),
      );
      if (total === 0) return { items: [], total };
      const narrow = search ? await this.narrowsPage(team, filter.scope, total, query) : true;
      ids = (await filtered(narrow).offset(offsetOf(query)).limit(query.limit)).map((r: { id: string }) => r.id);
    }
    if (ids.length === 0) return { items: [], total };
    const rows = await this.database.rows(`${VIEW_SELECT} where d.team_id = ? and d.id in (${ids.map(() => '?').join(', ')})`, [
      team.teamId,
      ...ids,
    ]);
    const byId = new Map(rows.map((r) => [r[C.id] as string, r]));
    return { items: ids.map((id) => toView(byId.get(id)!)), total };
  }

  /**
   * Whether a searched page is read through the search index (SQLite's FTS5). With the total known, the
   * other way is cheap to price: walking the sort order's index meets a match every (team's deals /
   * matches) entries, so the page costs about (offset + limit) * team / matches row reads, against one
   * read per match through the index. A word a tenth of the deals hold gets its first page in a few
   * hundred reads instead of a hundred thousand; a rare word, or a deep page, keeps the index.
   */
  private async narrowsPage(team: TeamContext, scope: DealScope, total: number, query: ListQuery<DealSortField>): Promise<boolean> {
    if (this.database.dialect !== 'sqlite') return true;
    const deals = await this.counts.total({ team_id: team.teamId, scope });
    return (offsetOf(query) + query.limit) * (deals / total) > total;
  }

  /**
   * The rows of a page whose total is kept, each with that total after its columns: one statement (one
   * round trip to PostgreSQL) for the page's ids (walked on an index of the filter and the sort), their
   * rows and the total, written as SQL so that a page costs no query building (its text is one of a few
   * per filter shape and sort, compiled once per connection). The rows are put in the page's order by the
   * same ORDER BY, which the id makes a total order.
   */
  private keptPage(
    team: TeamContext,
    kept: Partial<CountKey>,
    filter: DealFilter,
    query: ListQuery<DealSortField>,
    start: { from?: string; skip: number },
  ): Promise<unknown[][]> {
    const counted = (['team_id', 'scope', 'project_key', 'pipeline_key', 'status'] as const).filter((c) => kept[c] !== undefined);
    const where: [string, unknown][] = [
      ['d.team_id = ?', kept.team_id],
      ['d.scope = ?', filter.scope],
    ];
    if (filter.projectId !== undefined) where.push(['d.project_id = ?', filter.projectId]);
    if (filter.pipelineId !== undefined) where.push(['d.pipeline_id = ?', filter.pipelineId]);
    if (filter.status !== undefined) where.push(['d.status = ?', filter.status]);
    if (start.from !== undefined) where.push([query.sort.descending ? 'd.created_at < ?' : 'd.created_at >= ?', start.from]);
    const order = this.order(query);
    const sql =
      `select ${VIEW_SELECTED}, p.total from (select d.id, ` +
      `(select sum(n) from deal_counts where ${counted.map((c) => `${c} = ?`).join(' and ')}) as total ` +
      `from deals d where ${where.map(([w]) => w).join(' and ')} order by ${order} limit ? offset ?) p ` +
      `join deals d on d.team_id = ? and d.id = p.id order by ${order}`;
    return this.database.rows(sql, [...counted.map((c) => kept[c]), ...where.map(([, v]) => v), query.limit, start.skip, team.teamId]);
  }

  /** The ORDER BY of a deal page (shared/query.ts `orderSql`), made once per sort. */
  private order(query: ListQuery<DealSortField>): string {
    const key = `${query.sort.field} ${query.sort.descending}`;
    let order = this.orders.get(key);
    if (order === undefined) {
      order = orderSql(this.database, SORTS[query.sort.field], query.sort.descending, 'd.id');
      this.orders.set(key, order);
    }
    return order;
  }

  /**
   * A total that is not kept, counted by `count`, or the one counted before under the same team version
   * (`version`, read before counting, so a total is never remembered under a version older than the rows
   * it counted); always counted inside a unit of work (a null version).
   */
  private async countedTotal(team: TeamContext, version: number | null, of: unknown, count: () => Promise<number>): Promise<number> {
    if (version === null) return count();
    return this.totals.through(JSON.stringify([team.teamId, of]), version, count);
  }

  /** Whether a kept-total page starts from its day: the team's deals of a scope in creation order, far enough in. */
  private startsFromDay(kept: Partial<CountKey>, query: ListQuery<DealSortField>): boolean {
    const scopeOnly = kept.project_key === undefined && kept.pipeline_key === undefined && kept.status === undefined;
    return scopeOnly && query.sort.field === 'created_at' && offsetOf(query) >= this.deepPageOffset;
  }

  /**
   * Where the page at the query's offset starts, from the day counts: the day its first deal was created
   * in (the first, in the sort's order, at which the running sum of the days passes the offset), as the
   * bound of `created_at` the walk starts from, and how many of that day's deals come before the page.
   * Null when the offset is past the last deal.
   */
  private async dayOfOffset(
    team: TeamContext,
    scope: DealScope,
    query: ListQuery<DealSortField>,
  ): Promise<{ from: string; skip: number } | null> {
    const dir = query.sort.descending ? 'desc' : 'asc';
    const offset = offsetOf(query);
    const [row] = await this.database.rows(
      `select day, cum - n from (select day, n, sum(n) over (order by day ${dir} rows unbounded preceding) as cum ` +
        `from (select day, sum(n) as n from deal_day_counts where team_id = ? and scope = ? group by day) slots) days ` +
        `where cum > ? order by day ${dir} limit 1`,
      [team.teamId, scope, offset],
    );
    if (!row) return null;
    const [day, before] = [row[0] as string, Number(row[1])];
    return { from: dayStartOf(this.database.dialect, day, query.sort.descending), skip: offset - before };
  }

  async lock(team: TeamContext, id: string): Promise<void> {
    await lockRow(this.database, 'deals', team, id);
  }

  async findById(team: TeamContext, id: string): Promise<DealView | null> {
    const [row] = await this.database.rows(`${VIEW_SELECT} where d.team_id = ? and d.id = ?`, [team.teamId, id]);
    return row ? toView(row) : null;
  }

  /**
   * The deal's row, its counts, its team's version and its events, written together (KnexDatabase.writeRows):
   * on PostgreSQL one statement, which needs no transaction of its own when no unit of work is open. The
   * version first, as every write of a deal, so concurrent writers take their row locks in one order.
   */
  /**
   * The ids, clients and main leads through their indexes; the contact snapshots (which no index holds) by
   * a scan of the team's deals, as a rare request may.
   */
  async listHolders(team: TeamContext, holders: DealHolders, limit: number): Promise<DealView[]> {
    const terms: string[] = [];
    const bindings: unknown[] = [team.teamId];
    const among = (column: string, values: readonly string[]) => {
      if (values.length === 0) return;
      terms.push(`${column} in (${placeholders(values.length)})`);
      bindings.push(...values);
    };
    among('d.id', holders.ids);
    among('d.client_id', holders.clientIds);
    among('d.lead_id', holders.leadIds);
    if (holders.contactEmail !== null) {
      terms.push('lower(trim(d.contact_email)) = ?');
      bindings.push(holders.contactEmail);
    }
    among('d.contact_phone', holders.contactPhones);
    if (terms.length === 0) return [];
    const rows = await this.database.rows(
      `${VIEW_SELECT} where d.team_id = ? and (${terms.join(' or ')}) order by d.created_at, d.id limit ?`,
      [...bindings, limit],
    );
    return rows.map(toView);
  }

  async insert(deal: DealData, events: readonly EventData[] = []): Promise<void> {
    await this.database.writeRows(() => [
      this.versions.touching(deal.teamId),
      rowOf('deals', toRow(deal)),
      ...this.counts.moves(null, countKeyOf(deal)),
      ...this.dayCounts.moves(null, dayKeyOf(this.database.dialect, deal)),
      ...events.map((e) => rowOf('events', eventRow(e))),
    ]);
  }

  async update(deal: DealData): Promise<void> {
    await this.database.transaction(async () => {
      await this.versions.touch(deal.teamId);
      const where = { team_id: deal.teamId, id: deal.id };
      // Two updates of one deal at once must each see the other's status: the row lock orders them.
      const old = await forUpdate<Row | undefined>(
        this.database,
        this.database.db('deals').where(where).first('scope', 'project_id', 'pipeline_id', 'status', 'created_at'),
      );
      await this.database.db('deals').where(where).update(toRow(deal));
      if (!old) return;
      await this.counts.move(
        countKeyOf({
          teamId: deal.teamId,
          scope: old.scope as DealScope,
          projectId: old.project_id as string | null,
          pipelineId: old.pipeline_id as string | null,
          status: old.status as string,
        }),
        countKeyOf(deal),
      );
      await this.dayCounts.move(
        dayKeyOf(this.database.dialect, { teamId: deal.teamId, scope: old.scope as DealScope, createdAt: toIso(old.created_at) }),
        dayKeyOf(this.database.dialect, deal),
      );
    });
  }

  /**
   * The key of the kept counts that holds the list's total, when its filter is one they are kept for: any
   * other filter (a value range, a day, `updatedSince`…) or a search counts its rows.
   */
  private keptCountKey(team: TeamContext, filter: DealFilter, query: ListQuery<DealSortField>): Partial<CountKey> | undefined {
    if (searchQueryOf(query.search)) return undefined;
    const { scope, projectId, pipelineId, status, ...others } = filter;
    if (Object.values(others).some((v) => v !== undefined)) return undefined;
    return {
      team_id: team.teamId,
      scope,
      ...(projectId !== undefined ? { project_key: idKey(projectId) } : {}),
      ...(pipelineId !== undefined ? { pipeline_key: idKey(pipelineId) } : {}),
      ...(status !== undefined ? { status } : {}),
    };
  }
}
