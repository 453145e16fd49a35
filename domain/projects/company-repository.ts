import { TeamContext } from '../shared/team';
import { CompanyData } from './company';

export interface CompanyRepository {
  findById(team: TeamContext, id: string): Promise<CompanyData | null>;
  insert(company: CompanyData): Promise<void>;
  update(company: CompanyData): Promise<void>;
}
