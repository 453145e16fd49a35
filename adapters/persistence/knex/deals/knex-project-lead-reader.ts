import { ProjectLeadReader } from '../../../../domain/deals/project-lead-reader';
import { LeadView } from '../../../../domain/projects/lead';
import { TeamContext } from '../../../../domain/shared/team';
import { leadViewFromRow, leadViews } from '../projects/knex-lead-repository';
import { KnexDatabase } from '../shared/knex-database';

/** The projects adapter's lead views, for many ids at once. */
export class KnexProjectLeadReader implements ProjectLeadReader {
  constructor(private readonly database: KnexDatabase) {}

  async viewsByIds(team: TeamContext, ids: readonly string[]): Promise<Map<string, LeadView>> {
    const out = new Map<string, LeadView>();
    if (ids.length === 0) return out;
    const rows = (await leadViews(this.database)
      .where('l.team_id', team.teamId)
      .whereIn('l.id', [...new Set(ids)])) as Record<string, unknown>[];
    for (const r of rows) {
      const view = leadViewFromRow(r);
      out.set(view.id, view);
    }
    return out;
  }
}
