import { ProjectLeadReader } from '../../../../domain/deals/project-lead-reader';
import { LeadView } from '../../../../domain/projects/lead';
import { TeamContext } from '../../../../domain/shared/team';
import { leadViewsByIds } from '../projects/knex-lead-repository';
import { KnexDatabase } from '../shared/knex-database';

/** The projects adapter's lead views, for many ids at once. */
export class KnexProjectLeadReader implements ProjectLeadReader {
  constructor(private readonly database: KnexDatabase) {}

  async viewsByIds(team: TeamContext, ids: readonly string[]): Promise<Map<string, LeadView>> {
    const out = new Map<string, LeadView>();
    if (ids.length === 0) return out;
    for (const view of await leadViewsByIds(this.database, team.teamId, [...new Set(ids)])) out.set(view.id, view);
    return out;
  }
}
