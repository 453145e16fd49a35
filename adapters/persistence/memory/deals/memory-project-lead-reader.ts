import { ProjectLeadReader } from '../../../../domain/deals/project-lead-reader';
import { CompanyData } from '../../../../domain/projects/company';
import { ContactIdentityData } from '../../../../domain/projects/contact-identity';
import { LeadData, LeadView } from '../../../../domain/projects/lead';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';

/** Reads the projects adapter's tables as its lead repository does. */
export class MemoryProjectLeadReader implements ProjectLeadReader {
  constructor(private readonly store: MemoryStore) {}

  async viewsByIds(team: TeamContext, ids: readonly string[]): Promise<Map<string, LeadView>> {
    const leads = this.store.table<LeadData>('project_leads');
    const identities = this.store.table<ContactIdentityData>('contact_identities');
    const companies = this.store.table<CompanyData>('project_companies');
    const out = new Map<string, LeadView>();
    for (const id of new Set(ids)) {
      const lead = leads.get(id);
      if (!lead || lead.teamId !== team.teamId) continue;
      const identity = identities.get(lead.contactIdentityId);
      if (!identity || identity.teamId !== team.teamId) continue;
      const company = lead.companyId ? companies.get(lead.companyId) : undefined;
      out.set(id, {
        ...lead,
        identity,
        company: company && company.teamId === team.teamId ? { id: company.id, name: company.name } : null,
      });
    }
    return out;
  }
}
