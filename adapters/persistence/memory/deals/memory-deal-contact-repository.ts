import { DealContactData, DealContactView, orderContacts } from '../../../../domain/deals/deal-contact';
import { DealContactRepository } from '../../../../domain/deals/deal-contact-repository';
import { LeadData } from '../../../../domain/projects/lead';
import { Duplicate } from '../../../../domain/shared/errors';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';
import { oldestFirst } from '../shared/paging';

export class MemoryDealContactRepository implements DealContactRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<DealContactData>('deal_contacts');
  }
  /** The leads table of the projects adapter, read like the SQL join reads it. */
  private get leads() {
    return this.store.table<LeadData>('project_leads');
  }

  async listByDeal(team: TeamContext, dealId: string): Promise<DealContactData[]> {
    return orderContacts(this.rows.filter((l) => l.teamId === team.teamId && l.dealId === dealId));
  }

  async viewsByDeals(team: TeamContext, dealIds: readonly string[]): Promise<Map<string, DealContactView[]>> {
    const wanted = new Set(dealIds);
    const out = new Map<string, DealContactView[]>(dealIds.map((id) => [id, []]));
    for (const link of this.rows.filter((l) => l.teamId === team.teamId && wanted.has(l.dealId))) {
      const lead = this.leads.get(link.leadId);
      if (!lead || lead.teamId !== team.teamId) continue;
      out.get(link.dealId)!.push({
        ...link,
        contact: { id: lead.id, fullName: lead.fullName, email: lead.email, phone: lead.phone, customFields: { ...lead.customFields } },
      });
    }
    for (const [id, links] of out) out.set(id, orderContacts(links));
    return out;
  }

  async listByLeads(team: TeamContext, leadIds: readonly string[], limit: number): Promise<DealContactData[]> {
    return oldestFirst(
      this.rows.filter((l) => l.teamId === team.teamId && leadIds.includes(l.leadId)),
      (l) => l.linkedAt,
      limit,
    );
  }

  async insert(link: DealContactData): Promise<void> {
    if (this.rows.find((l) => l.teamId === link.teamId && l.dealId === link.dealId && l.leadId === link.leadId)) {
      throw new Duplicate('The contact is already linked to the deal');
    }
    this.rows.set(link.id, link);
  }
}
