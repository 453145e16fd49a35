import { CompanyData } from '../../../../domain/projects/company';
import { CompanyRepository } from '../../../../domain/projects/company-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';

export class MemoryCompanyRepository implements CompanyRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<CompanyData>('project_companies');
  }

  async findById(team: TeamContext, id: string): Promise<CompanyData | null> {
    const c = this.rows.get(id);
    return c && c.teamId === team.teamId ? c : null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const row = this.rows.get(id);
    return row ? { teamId: row.teamId } : null;
  }

  async insert(company: CompanyData): Promise<void> {
    this.rows.set(company.id, company);
  }
  async update(company: CompanyData): Promise<void> {
    this.rows.set(company.id, company);
  }
}
