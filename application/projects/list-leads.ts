import { CompanyRepository } from '../../domain/projects/company-repository';
import { LeadView } from '../../domain/projects/lead';
import { LeadFilter, LeadRepository, LeadSortField } from '../../domain/projects/lead-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { requireProject } from './project-references';

export interface ListLeadsCommand extends LeadFilter {
  projectId: string;
  query: ListQuery<LeadSortField>;
}

/** A project's leads, newest first (archived projects keep theirs readable). */
export class ListLeads {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly leads: LeadRepository,
    private readonly companies: CompanyRepository,
  ) {}

  async execute(team: TeamContext, command: ListLeadsCommand): Promise<Page<LeadView>> {
    const { projectId, query, ...filter } = command;
    await requireProject(this.projects, team, projectId);
    // Like every referenced id, a company unknown to the team is 404 (one of another project just matches nothing).
    if (filter.companyId && !(await this.companies.findById(team, filter.companyId))) {
      throw new NotFound('Company not found', 'company_id');
    }
    return this.leads.list(team, projectId, filter, query);
  }
}
