import { CampaignData } from '../../../../domain/campaigns/campaign';
import {
  CAMPAIGN_FIELD_FILTERS,
  CampaignFilter,
  CampaignRepository,
  CampaignSortField,
  CampaignView,
  ProjectRef,
} from '../../../../domain/campaigns/campaign-repository';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';
import { matchesFields, matchesSearch, pageOf, SortValue } from '../shared/paging';

const sortValue = (c: CampaignData, field: string): SortValue =>
  field === 'name'
    ? c.name
    : field === 'status'
      ? c.status
      : field === 'start_date'
        ? c.startDate
        : field === 'end_date'
          ? c.endDate
          : field === 'updated_at'
            ? c.updatedAt
            : c.createdAt;

export class MemoryCampaignRepository implements CampaignRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<CampaignData>('campaigns');
  }

  async list(team: TeamContext, filter: CampaignFilter, query: ListQuery<CampaignSortField>): Promise<Page<CampaignView>> {
    const search = searchQueryOf(query.search);
    const rows = this.rows.filter(
      (c) =>
        c.teamId === team.teamId &&
        matchesFields(c, filter, CAMPAIGN_FIELD_FILTERS) &&
        (filter.updatedSince === undefined || c.updatedAt >= filter.updatedSince) &&
        matchesSearch(search, () => searchTextOf([c.name, c.description])),
    );
    const page = pageOf(rows, query, sortValue);
    return { items: page.items.map((c) => this.view(c)), total: page.total };
  }

  /** Nothing to hold: the memory store runs one unit of work at a time. */
  async lock(): Promise<void> {}

  async findById(team: TeamContext, id: string): Promise<CampaignView | null> {
    const c = this.rows.get(id);
    return c && c.teamId === team.teamId ? this.view(c) : null;
  }

  async insert(campaign: CampaignData): Promise<void> {
    this.rows.set(campaign.id, campaign);
  }
  async update(campaign: CampaignData): Promise<void> {
    this.rows.set(campaign.id, campaign);
  }

  /** The project's name is read from the projects table, as the SQL adapters join it. */
  private view(campaign: CampaignData): CampaignView {
    const p = this.store.table<{ id: string; teamId: string; name: string }>('projects').get(campaign.projectId);
    const project: ProjectRef | null = p && p.teamId === campaign.teamId ? { id: p.id, name: p.name } : null;
    return { campaign, project };
  }
}
