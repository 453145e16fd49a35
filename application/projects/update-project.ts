import { ClientRepository } from '../../domain/clients/client-repository';
import { Project, ProjectChanges, ProjectView } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { requireSlug } from '../../domain/projects/slug';
import { SquadRepository } from '../../domain/projects/squad-repository';
import { ProjectStatus, resolveStage } from '../../domain/projects/stage';
import { StageRepository } from '../../domain/projects/stage-repository';
import { Duplicate } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { checkProjectReferences, requireProjectView } from './project-references';

export interface UpdateProjectChanges extends ProjectChanges {
  /** Takes precedence over `status`; with neither, the project keeps its stage. */
  stageId?: string;
  status?: ProjectStatus;
}

export interface UpdateProjectCommand {
  id: string;
  changes: UpdateProjectChanges;
}

/**
 * Only the fields sent change; an archived project refuses any change (409 PROJECT_ARCHIVED). `project.updated`,
 * with the previous values of what changed, goes to the log in the same transaction.
 */
export class UpdateProject {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly projects: ProjectRepository,
    private readonly stages: StageRepository,
    private readonly squads: SquadRepository,
    private readonly clients: ClientRepository,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: UpdateProjectCommand): Promise<ProjectView> {
    const { id } = command;
    const now = this.clock.now();
    const updated = await this.uow.run(async () => {
      await this.projects.lock(team, id);
      const before = await requireProjectView(this.projects, team, id);
      const project = Project.restore(before.data);
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
      project.update(changes, stage, now);
      await this.projects.update(project.snapshot());
      const after = (await this.projects.findViewById(team, id))!;
      await this.events.append(team, [this.events.draft('project.updated', 'project', id, after, before.view)], now);
      return after;
    });
    this.trigger.kick();
    return updated;
  }
}
