import { ClientRepository } from '../../domain/clients/client-repository';
import { Project, ProjectChanges, ProjectView } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { requireSlug } from '../../domain/projects/slug';
import { SquadRepository } from '../../domain/projects/squad-repository';
import { ProjectStatus, resolveStage } from '../../domain/projects/stage';
import { StageRepository } from '../../domain/projects/stage-repository';
import { Duplicate } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { checkProjectReferences, requireProject } from './project-references';

export interface UpdateProjectChanges extends ProjectChanges {
  /** Takes precedence over `status`; with neither, the project keeps its stage. */
  stageId?: string;
  status?: ProjectStatus;
}

export interface UpdateProjectCommand {
  id: string;
  changes: UpdateProjectChanges;
}

/** Only the fields sent change; an archived project refuses any change (409 PROJECT_ARCHIVED). */
export class UpdateProject {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly projects: ProjectRepository,
    private readonly stages: StageRepository,
    private readonly squads: SquadRepository,
    private readonly clients: ClientRepository,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: UpdateProjectCommand): Promise<ProjectView> {
    const { id } = command;
    return this.uow.run(async () => {
      await this.projects.lock(team, id);
      const project = Project.restore(await requireProject(this.projects, team, id));
      project.assertWritable();
      const { stageId, status, ...changes } = command.changes;
      const stage =
        stageId === undefined && status === undefined ? null : resolveStage(await this.stages.listByTeam(team), { stageId, status }, false);
      await checkProjectReferences({ squads: this.squads, clients: this.clients }, team, changes);
      if (changes.slug !== undefined) {
        changes.slug = requireSlug(changes.slug);
        if (await this.projects.findBySlug(team, changes.slug, id)) {
          throw new Duplicate('A project with this slug already exists', { field: 'slug' });
        }
      }
      project.update(changes, stage, this.clock.now());
      await this.projects.update(project.snapshot());
      return (await this.projects.findViewById(team, id))!;
    });
  }
}
