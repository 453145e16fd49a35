import { asOperator } from '../../domain/shared/team';
import { Project } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog, whenChanged } from '../events/event-log';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { requireProjectView } from './project-references';

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

/**
 * Logged as `project.updated` (an integrator sees `archived_at` set), in the same transaction; archiving an
 * archived project changes nothing and logs nothing.
 */
export class ArchiveProject {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly projects: ProjectRepository,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(command: ArchiveProjectCommand): Promise<ArchivedProject> {
    const now = this.clock.now();
    const { archived, changed } = await this.uow.run(async () => {
      const found = await this.projects.findTeamOf(command.id);
      if (!found) throw new NotFound('Project not found');
      const team = asOperator(found);
      await this.projects.lock(team, command.id);
      const before = await requireProjectView(this.projects, team, command.id);
      const project = Project.restore(before.data);
      project.archive(now);
      const data = project.snapshot();
      await this.projects.update(data);
      // The archive moves no stage, squad or client: the view after is the one before with the new record.
      const after = { ...before.view, ...data };
      const raised = await this.events.append(
        team,
        whenChanged(this.events.draft('project.updated', 'project', data.id, after, before.view)),
        now,
      );
      return { archived: { id: data.id, archivedAt: data.archivedAt! }, changed: raised.length > 0 };
    });
    if (changed) this.trigger.kick();
    return archived;
  }
}
