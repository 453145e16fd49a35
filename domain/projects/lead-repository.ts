import { FieldFilters, ListQuery, Page, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { LeadData, LeadMatch, LeadView } from './lead';

export const LEAD_SORT_FIELDS = ['created_at'] as const;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];

export interface LeadFilter extends UpdatedSince {
  isActive?: boolean;
  companyId?: string;
}

/** The lead filters that hold one field to a value (all of them). */
export const LEAD_FIELD_FILTERS: FieldFilters<LeadFilter, LeadData> = {
  isActive: 'isActive',
  companyId: 'companyId',
};

export interface LeadKeys {
  phoneKey: string | null;
  emailKey: string | null;
}

/** What `listHolders` finds leads by: any of them. */
export interface LeadHolders extends LeadKeys {
  identityIds: readonly string[];
}

/** Leads (contacts) of the team's projects. */
export interface LeadRepository {
  /** One project's leads; `search` is a partial match in name, email and phone. */
  list(team: TeamContext, projectId: string, filter: LeadFilter, query: ListQuery<LeadSortField>): Promise<Page<LeadView>>;
  findById(team: TeamContext, id: string): Promise<LeadData | null>;
  /**
   * The lead, to be changed in the open transaction: its row stays locked until the transaction ends,
   * so two concurrent changes (notes appended by two deliveries) both land (SQLite and memory run one
   * writer at a time already).
   */
  findForUpdate(team: TeamContext, id: string): Promise<LeadData | null>;
  findViewById(team: TeamContext, id: string): Promise<LeadView | null>;
  /** The team a lead belongs to, for operator commands that name only the lead. */
  findTeamOf(id: string): Promise<TeamContext | null>;
  /**
   * The project's lead, active or not, with this phone key, else with this email key (the phone
   * wins when both match different leads).
   */
  findByContact(team: TeamContext, projectId: string, keys: LeadKeys): Promise<{ lead: LeadData; matchedBy: LeadMatch } | null>;
  /**
   * The team's leads of every project, active or not, with this phone key or email key or linked to one of
   * `identityIds`, with their identity and company; oldest first, at most `limit`.
   */
  listHolders(team: TeamContext, holders: LeadHolders, limit: number): Promise<LeadView[]>;
  publicIdExists(team: TeamContext, publicId: string): Promise<boolean>;
  insert(lead: LeadData): Promise<void>;
  update(lead: LeadData): Promise<void>;
}
