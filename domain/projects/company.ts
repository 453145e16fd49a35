// Companies of a project's CRM: leads may belong to one. Managed by the operator.
import { Unprocessable, ValidationFailed } from '../shared/errors';

export interface CompanyData {
  id: string;
  teamId: string;
  projectId: string;
  name: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export class Company {
  private constructor(private data: CompanyData) {}

  static create(id: string, teamId: string, projectId: string, name: string, now: Date): Company {
    const trimmed = typeof name === 'string' ? name.trim() : '';
    if (!trimmed) throw new ValidationFailed('name must not be empty', 'name');
    const at = now.toISOString();
    return new Company({ id, teamId, projectId, name: trimmed, isActive: true, createdAt: at, updatedAt: at });
  }

  static restore(data: CompanyData): Company {
    return new Company({ ...data });
  }

  /**
   * The company a new lead of `projectId` joins: only an active company of that project. Anything
   * else (unknown, inactive, another project's) is 422 on `company_id`.
   */
  static forNewLead(found: CompanyData | null, projectId: string): Company {
    if (!found || !found.isActive || found.projectId !== projectId) {
      throw new Unprocessable('company_id is not an active company of the project', 'company_id');
    }
    return Company.restore(found);
  }

  get id(): string {
    return this.data.id;
  }

  snapshot(): CompanyData {
    return { ...this.data };
  }

  deactivate(now: Date): void {
    if (!this.data.isActive) return;
    this.data.isActive = false;
    this.data.updatedAt = now.toISOString();
  }
}
