import { Project } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

/**
 * The operator's archive (the API answers DELETE with 405), so it names only the project: the team
 * is the project's own. Archiving again keeps the first date.
 */
export interface ArchiveProjectCommand {
  id: string;
}

export interface ArchivedProject {
  id: string;
  archivedAt: string;
}

export class ArchiveProject {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly projects: ProjectRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: ArchiveProjectCommand): Promise<ArchivedProject> {
    return this.uow.run(async () => {
      const team = await this.projects.findTeamOf(command.id);
      if (team) await this.projects.lock(team, command.id);
      const found = team && (await this.projects.findById(team, command.id));
      if (!found) throw new NotFound('Project not found');
      const project = Project.restore(found);
      project.archive(this.clock.now());
      const data = project.snapshot();
      await this.projects.update(data);
      return { id: data.id, archivedAt: data.archivedAt! };
    });
  }
}
