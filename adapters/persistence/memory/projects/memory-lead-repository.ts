import { CompanyData } from '../../../../domain/projects/company';
import { ContactIdentityData } from '../../../../domain/projects/contact-identity';
import { LeadContactTaken, LeadData, LeadMatch, LeadView } from '../../../../domain/projects/lead';
import {
  LEAD_FIELD_FILTERS,
  LeadFilter,
  LeadHolders,
  LeadKeys,
  LeadRepository,
  LeadSortField,
} from '../../../../domain/projects/lead-repository';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { phoneDigitsKey, searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';
import { matchesFields, matchesSearch, oldestFirst, pageOf } from '../shared/paging';

const byCreation = (a: LeadData, b: LeadData): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;

export class MemoryLeadRepository implements LeadRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<LeadData>('project_leads');
  }

  async list(team: TeamContext, projectId: string, filter: LeadFilter, query: ListQuery<LeadSortField>): Promise<Page<LeadView>> {
    const search = searchQueryOf(query.search, phoneDigitsKey);
    const rows = this.rows.filter(
      (l) =>
        l.teamId === team.teamId &&
        l.projectId === projectId &&
        matchesFields(l, filter, LEAD_FIELD_FILTERS) &&
        (filter.updatedSince === undefined || l.updatedAt >= filter.updatedSince) &&
        matchesSearch(search, () => searchTextOf([l.fullName, l.email, l.phone], [l.phone === null ? null : l.phone.replace(/\D/g, '')])),
    );
    const views = rows.map((l) => this.view(l)).filter((v): v is LeadView => v !== null);
    return pageOf(views, query, (l) => l.createdAt);
  }

  async findById(team: TeamContext, id: string): Promise<LeadData | null> {
    const l = this.rows.get(id);
    return l && l.teamId === team.teamId ? l : null;
  }

  /** Transactions run one at a time in memory: nothing to lock. */
  findForUpdate(team: TeamContext, id: string): Promise<LeadData | null> {
    return this.findById(team, id);
  }

  async listHolders(team: TeamContext, holders: LeadHolders, limit: number): Promise<LeadView[]> {
    const rows = this.rows.filter(
      (l) =>
        l.teamId === team.teamId &&
        ((!!holders.phoneKey && l.phoneKey === holders.phoneKey) ||
          (!!holders.emailKey && l.emailKey === holders.emailKey) ||
          holders.identityIds.includes(l.contactIdentityId)),
    );
    return oldestFirst(rows, (l) => l.createdAt, limit)
      .map((l) => this.view(l))
      .filter((v): v is LeadView => v !== null);
  }

  async findViewById(team: TeamContext, id: string): Promise<LeadView | null> {
    const l = await this.findById(team, id);
    return l ? this.view(l) : null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const row = this.rows.get(id);
    return row ? { teamId: row.teamId } : null;
  }

  async findByContact(team: TeamContext, projectId: string, keys: LeadKeys): Promise<{ lead: LeadData; matchedBy: LeadMatch } | null> {
    const first = (pick: (l: LeadData) => boolean) =>
      this.rows.filter((l) => l.teamId === team.teamId && l.projectId === projectId && pick(l)).sort(byCreation)[0];
    const byPhone = keys.phoneKey ? first((l) => l.phoneKey === keys.phoneKey) : undefined;
    if (byPhone) return { lead: byPhone, matchedBy: 'phone' };
    const byEmail = keys.emailKey ? first((l) => l.emailKey === keys.emailKey) : undefined;
    return byEmail ? { lead: byEmail, matchedBy: 'email' } : null;
  }

  async publicIdExists(team: TeamContext, publicId: string): Promise<boolean> {
    return this.rows.find((l) => l.teamId === team.teamId && l.publicId === publicId) !== undefined;
  }

  async insert(lead: LeadData): Promise<void> {
    this.write(lead);
  }
  async update(lead: LeadData): Promise<void> {
    this.write(lead);
  }

  /** The unique keys of the SQL schema: one phone and one email per project. */
  private write(lead: LeadData): void {
    const taken = this.rows.find(
      (l) =>
        l.id !== lead.id &&
        l.teamId === lead.teamId &&
        l.projectId === lead.projectId &&
        ((!!lead.phoneKey && l.phoneKey === lead.phoneKey) || (!!lead.emailKey && l.emailKey === lead.emailKey)),
    );
    if (taken) throw new LeadContactTaken();
    this.rows.set(lead.id, lead);
  }

  /** Identity and company are read from their tables, as the SQL adapters join them. */
  private view(l: LeadData): LeadView | null {
    const identity = this.store.table<ContactIdentityData>('contact_identities').get(l.contactIdentityId);
    if (!identity || identity.teamId !== l.teamId) return null;
    const company = l.companyId ? this.store.table<CompanyData>('project_companies').get(l.companyId) : undefined;
    return { ...l, identity, company: company && company.teamId === l.teamId ? { id: company.id, name: company.name } : null };
  }
}
