import { RecordLocks } from '../shared/record-locks';
import { FieldFilters, ListQuery, Page, Sort, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { CampaignData } from './campaign';

export const CAMPAIGN_SORT_FIELDS = ['name', 'status', 'start_date', 'end_date', 'created_at', 'updated_at'] as const;
export type CampaignSortField = (typeof CAMPAIGN_SORT_FIELDS)[number];

/**
 * Campaign lists never refuse a sort: an unlisted field falls back to `created_at` and keeps the
 * direction that was asked for (`x` ascending, `-x` descending).
 */
export const campaignSort = (raw: string | undefined): Sort<CampaignSortField> => {
  if (raw === undefined || raw === '') return { field: 'created_at', descending: true };
  const descending = raw.startsWith('-');
  const name = descending ? raw.slice(1) : raw;
  const field = (CAMPAIGN_SORT_FIELDS as readonly string[]).includes(name) ? (name as CampaignSortField) : 'created_at';
  return { field, descending };
};

export interface CampaignFilter extends UpdatedSince {
  status?: string;
  projectId?: string;
}

/** The campaign filters that hold one field to a value (all of them). */
export const CAMPAIGN_FIELD_FILTERS: FieldFilters<CampaignFilter, CampaignData> = {
  status: 'status',
  projectId: 'projectId',
};

export interface ProjectRef {
  id: string;
  name: string;
}

/** A campaign as read: the record plus its project's `{ id, name }`, fetched in the same round trip. */
export interface CampaignView {
  campaign: CampaignData;
  project: ProjectRef | null;
}

/** No delete: campaigns are never removed (see `Campaign.delete`). */
export interface CampaignRepository extends RecordLocks {
  /** `search` is a partial match in name and description. */
  list(team: TeamContext, filter: CampaignFilter, query: ListQuery<CampaignSortField>): Promise<Page<CampaignView>>;
  findById(team: TeamContext, id: string): Promise<CampaignView | null>;
  insert(campaign: CampaignData): Promise<void>;
  update(campaign: CampaignData): Promise<void>;
}
