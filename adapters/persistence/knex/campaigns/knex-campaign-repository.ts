import { lockRow } from '../shared/row-lock';
import { CampaignData, Json } from '../../../../domain/campaigns/campaign';
import {
  CAMPAIGN_FIELD_FILTERS,
  CampaignFilter,
  CampaignRepository,
  CampaignSortField,
  CampaignView,
} from '../../../../domain/campaigns/campaign-repository';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { orderBy, paginate, SortColumn, whereFields, whereSearchText } from '../shared/query';
import { fromJson, toIso } from '../shared/rows';

type Row = Record<string, unknown>;

const SORTS: Record<CampaignSortField, SortColumn> = {
  name: { column: 'c.name', kind: 'text' },
  status: { column: 'c.status', kind: 'text' },
  start_date: { column: 'c.start_date' },
  end_date: { column: 'c.end_date' },
  created_at: { column: 'c.created_at', required: true },
  updated_at: { column: 'c.updated_at', required: true },
};

/** docs/api.md "Search": name and description. */
const searchText = (c: CampaignData): string => searchTextOf([c.name, c.description]);

function toRow(c: CampaignData): Row {
  return {
    team_id: c.teamId,
    id: c.id,
    project_id: c.projectId,
    name: c.name,
    description: c.description,
    status: c.status,
    approval_status: c.approvalStatus,
    start_date: c.startDate,
    end_date: c.endDate,
    content_pillars: JSON.stringify(c.contentPillars),
    target_platforms: JSON.stringify(c.targetPlatforms),
    // Always stringified, so a JSON null survives as "null" rather than SQL NULL.
    goals: JSON.stringify(c.goals),
    created_by: c.createdBy,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    search_text: searchText(c),
  };
}

const text = (v: unknown): string | null => (v as string | null) ?? null;

function fromRow(r: Row): CampaignView {
  const campaign: CampaignData = {
    id: r.id as string,
    teamId: r.team_id as string,
    projectId: r.project_id as string,
    name: r.name as string,
    description: text(r.description),
    status: r.status as CampaignData['status'],
    approvalStatus: r.approval_status as string,
    startDate: text(r.start_date),
    endDate: text(r.end_date),
    contentPillars: fromJson<Json[]>(r.content_pillars, []),
    targetPlatforms: fromJson<Json[]>(r.target_platforms, []),
    goals: typeof r.goals === 'string' ? (JSON.parse(r.goals) as Json) : {},
    createdBy: text(r.created_by),
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
  return { campaign, project: r.project_name == null ? null : { id: campaign.projectId, name: r.project_name as string } };
}

export class KnexCampaignRepository implements CampaignRepository {
  constructor(private readonly database: KnexDatabase) {}

  /** Campaigns joined to their project's name: one query per page, never one per row. */
  private select() {
    return this.database
      .db('campaigns as c')
      .leftJoin('projects as p', (j) => j.on('p.team_id', '=', 'c.team_id').andOn('p.id', '=', 'c.project_id'))
      .select('c.*', 'p.name as project_name');
  }

  async list(team: TeamContext, filter: CampaignFilter, query: ListQuery<CampaignSortField>): Promise<Page<CampaignView>> {
    const qb = this.select().where('c.team_id', team.teamId);
    whereFields(qb, filter, CAMPAIGN_FIELD_FILTERS, 'c');
    if (filter.updatedSince !== undefined) qb.andWhere('c.updated_at', '>=', filter.updatedSince);
    whereSearchText(qb, this.database, { table: 'campaigns', alias: 'c' }, searchQueryOf(query.search));
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending, 'c.id');
    return paginate(qb, query, fromRow);
  }

  async lock(team: TeamContext, id: string): Promise<void> {
    await lockRow(this.database, 'campaigns', team, id);
  }

  async findById(team: TeamContext, id: string): Promise<CampaignView | null> {
    const row = await this.select().where('c.team_id', team.teamId).andWhere('c.id', id).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async insert(campaign: CampaignData): Promise<void> {
    await this.database.db('campaigns').insert(toRow(campaign));
  }

  async update(campaign: CampaignData): Promise<void> {
    await this.database.db('campaigns').where({ team_id: campaign.teamId, id: campaign.id }).update(toRow(campaign));
  }
}
