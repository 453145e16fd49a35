import { LeadView } from '../../domain/projects/lead';
import { LeadFilter, LeadRepository, LeadSortField } from '../../domain/projects/lead-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { requireProject } from './project-references';

/** A project's leads, newest first (archived projects keep theirs readable). */
export class ListLeads {
  constructor(private readonly projects: ProjectRepository, private readonly leads: LeadRepository) {}

  async execute(team: TeamContext, projectId: string, filter: LeadFilter, query: ListQuery<LeadSortField>): Promise<Page<LeadView>> {
    await requireProject(this.projects, team, projectId);
    return this.leads.list(team, projectId, filter, query);
  }
}
