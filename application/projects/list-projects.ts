import { ClientRepository } from '../../domain/clients/client-repository';
import { ProjectView } from '../../domain/projects/project';
import { ProjectFilter, ProjectRepository, ProjectSortField } from '../../domain/projects/project-repository';
import { SquadRepository } from '../../domain/projects/squad-repository';
import { ProjectStatus, stageIdsOf } from '../../domain/projects/stage';
import { StageRepository } from '../../domain/projects/stage-repository';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { checkProjectReferences } from './project-references';

export interface ListProjectsCommand extends Omit<ProjectFilter, 'stageIds'> {
  status?: ProjectStatus;
  query: ListQuery<ProjectSortField>;
}

/** The team's projects that are not archived; `status` is resolved through the team's stages. */
export class ListProjects {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly stages: StageRepository,
    private readonly squads: SquadRepository,
    private readonly clients: ClientRepository,
  ) {}

  async execute(team: TeamContext, command: ListProjectsCommand): Promise<Page<ProjectView>> {
    await checkProjectReferences({ squads: this.squads, clients: this.clients }, team, command);
    const { status, query, ...fields } = command;
    const filter: ProjectFilter = { ...fields };
    if (status !== undefined) filter.stageIds = stageIdsOf(await this.stages.listByTeam(team), status);
    return this.projects.list(team, filter, query);
  }
}
