import { TeamContext } from '../shared/team';
import { CompanyData } from './company';

export interface CompanyRepository {
  findById(team: TeamContext, id: string): Promise<CompanyData | null>;
  /** The team a company belongs to, for operator commands that name only the company. */
  findTeamOf(id: string): Promise<TeamContext | null>;
  insert(company: CompanyData): Promise<void>;
  update(company: CompanyData): Promise<void>;
}
