import { TeamContext } from '../shared/team';
import { DealContactData, DealContactView } from './deal-contact';

export interface DealContactRepository {
  /** The links of one deal, main contact first. */
  listByDeal(team: TeamContext, dealId: string): Promise<DealContactData[]>;
  /**
   * The links of several deals with their contacts, main contact first, in one round trip: a page
   * of deals embeds its contacts without one query per deal.
   */
  viewsByDeals(team: TeamContext, dealIds: readonly string[]): Promise<Map<string, DealContactView[]>>;
  /** The links of these leads to any deal, at most `limit`, in the order they were linked. */
  listByLeads(team: TeamContext, leadIds: readonly string[], limit: number): Promise<DealContactData[]>;
  insert(link: DealContactData): Promise<void>;
}
