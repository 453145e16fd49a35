import { ProjectView } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';

export interface GetProjectCommand {
  id: string;
}

/** An archived project is still read (with `archived_at`); it is only left out of lists. */
export class GetProject {
  constructor(private readonly projects: ProjectRepository) {}

  async execute(team: TeamContext, command: GetProjectCommand): Promise<ProjectView> {
    const project = await this.projects.findViewById(team, command.id);
    if (!project) throw new NotFound('Project not found');
    return project;
  }
}
