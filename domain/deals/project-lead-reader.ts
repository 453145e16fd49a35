import { LeadView } from '../projects/lead';
import { TeamContext } from '../shared/team';

/**
 * The main leads of a page of project deals, read in one round trip (the projects context's
 * repository reads one lead at a time).
 */
export interface ProjectLeadReader {
  viewsByIds(team: TeamContext, ids: readonly string[]): Promise<Map<string, LeadView>>;
}
