import { DealContactView } from '../../domain/deals/deal-contact';
import { DealContactRepository } from '../../domain/deals/deal-contact-repository';
import { DealData } from '../../domain/deals/deal';
import { DealView } from '../../domain/deals/deal-repository';
import { ProjectLeadReader } from '../../domain/deals/project-lead-reader';
import { LeadView } from '../../domain/projects/lead';
import { TeamContext } from '../../domain/shared/team';

export interface ProjectDealDetail {
  lead: LeadView | null;
  contacts: DealContactView[];
}

/**
 * What a project deal response embeds (spec 2.1): its complete main lead and every linked
 * contact. Two batched reads per page, whatever its size.
 */
export class ProjectDealDetails {
  constructor(
    private readonly leads: ProjectLeadReader,
    private readonly contacts: DealContactRepository,
  ) {}

  async of(team: TeamContext, deals: readonly DealData[]): Promise<Map<string, ProjectDealDetail>> {
    const project = deals.filter((d) => d.scope === 'project');
    const out = new Map<string, ProjectDealDetail>();
    if (project.length === 0) return out;
    const leadIds = project.map((d) => d.leadId).filter((id): id is string => id !== null);
    const [leads, contacts] = await Promise.all([
      this.leads.viewsByIds(team, leadIds),
      this.contacts.viewsByDeals(
        team,
        project.map((d) => d.id),
      ),
    ]);
    for (const d of project) {
      out.set(d.id, { lead: (d.leadId && leads.get(d.leadId)) || null, contacts: contacts.get(d.id) ?? [] });
    }
    return out;
  }

  /** Complete leads by id, whatever their project (the caller checks it); the unknown ones are missing. */
  leadsByIds(team: TeamContext, ids: readonly string[]): Promise<Map<string, LeadView>> {
    return this.leads.viewsByIds(team, ids);
  }

  /** The views with `lead` and `contacts` filled for their project deals; global deals pass as they are. */
  async attach(team: TeamContext, views: readonly DealView[]): Promise<DealView[]> {
    const details = await this.of(
      team,
      views.map((v) => v.deal),
    );
    return views.map((v) => {
      const d = details.get(v.deal.id);
      return d ? { ...v, lead: d.lead, contacts: d.contacts } : v;
    });
  }
}
