import { RecordLocks } from '../shared/record-locks';
import { LeadView } from '../projects/lead';
import { DealContactView } from './deal-contact';
import { ListQuery, Page, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { DealData, DealScope } from './deal';
import { EventData } from '../events/event';

export const DEAL_SORT_FIELDS = ['title', 'value', 'phase', 'created_at', 'updated_at', 'expected_close_date'] as const;
export type DealSortField = (typeof DEAL_SORT_FIELDS)[number];

/**
 * The filters of GET /deals. `clientId` filters the global scope, `leadId` the project scope (the
 * query parameters are aliases; the use case maps them). Dates are `YYYY-MM-DD` on `created_at`, inclusive.
 */
export interface DealFilter extends UpdatedSince {
  scope: DealScope;
  projectId?: string;
  pipelineId?: string;
  status?: string;
  phase?: string;
  clientId?: string;
  leadId?: string;
  responsibleId?: string;
  source?: string;
  minValue?: number;
  maxValue?: number;
  from?: string;
  to?: string;
}

export interface ClientRef {
  id: string;
  name: string;
}

/** A deal as read: the record plus what a response embeds, fetched in the same round trip. */
export interface DealView {
  deal: DealData;
  client: ClientRef | null;
  /** Project scope: the complete main lead and every linked contact, main one first. */
  lead?: LeadView | null;
  contacts?: DealContactView[] | null;
}

/** What `listHolders` finds deals by: any of them. */
export interface DealHolders {
  ids: readonly string[];
  /** The deal's client (`client_id`). */
  clientIds: readonly string[];
  /** The deal's main lead (`lead_id`). */
  leadIds: readonly string[];
  /** The snapshot of the main contact's e-mail, compared trimmed and in lower case. */
  contactEmail: string | null;
  /** The snapshot of the main contact's phone, as leads store it (`+` and the digits). */
  contactPhones: readonly string[];
}

/**
 * Order rule every adapter keeps: text case-insensitively, nulls last in both directions, ties
 * broken by id in the same direction.
 */
export interface DealRepository extends RecordLocks {
  list(team: TeamContext, filter: DealFilter, query: ListQuery<DealSortField>): Promise<Page<DealView>>;
  /** Either scope; the caller decides which scope it may see. */
  findById(team: TeamContext, id: string): Promise<DealView | null>;
  /**
   * A new deal and the events its creation raised (the outbox's rows), written together: in the unit of
   * work open around the call, or atomically on their own.
   */
  insert(deal: DealData, events?: readonly EventData[]): Promise<void>;
  update(deal: DealData): Promise<void>;
  /**
   * The team's deals of either scope, archived or not, that any of `holders` names, with their client (not
   * their project lead and contacts); oldest first, at most `limit`.
   */
  listHolders(team: TeamContext, holders: DealHolders, limit: number): Promise<DealView[]>;
}
