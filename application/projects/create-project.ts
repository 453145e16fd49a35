import { ClientRepository } from '../../domain/clients/client-repository';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { Project, ProjectChanges, ProjectView } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { requireSlug, slugify, uniqueSlug } from '../../domain/projects/slug';
import { SquadRepository } from '../../domain/projects/squad-repository';
import { ProjectStatus, resolveStage } from '../../domain/projects/stage';
import { StageRepository } from '../../domain/projects/stage-repository';
import { Duplicate } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { newDefaultPipeline } from './new-pipelines';
import { checkProjectReferences } from './project-references';

export interface CreateProjectCommand extends Omit<ProjectChanges, 'name' | 'slug'> {
  name: string;
  /** Generated from the name when absent or null. */
  slug?: string | null;
  /** Takes precedence over `status`; with neither, the team's initial stage. */
  stageId?: string;
  status?: ProjectStatus;
}

/**
 * A project in the team's stage of choice (stage_id, else status, else the initial stage) with its default pipeline;
 * `project.created` goes to the log in the same transaction.
 */
export class CreateProject {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly projects: ProjectRepository,
    private readonly stages: StageRepository,
    private readonly pipelines: PipelineRepository,
    private readonly squads: SquadRepository,
    private readonly clients: ClientRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: CreateProjectCommand): Promise<ProjectView> {
    // Two projects created at once with the same name can pick the same generated slug; the unique
    // key refuses the second, which then tries again with the next suffix.
    for (let attempt = 1; ; attempt++) {
      try {
        const project = await this.create(team, command);
        this.trigger.kick();
        return project;
      } catch (err) {
        const generated = command.slug === undefined || command.slug === null;
        if (!(generated && err instanceof Duplicate && attempt < 5)) throw err;
      }
    }
  }

  private create(team: TeamContext, command: CreateProjectCommand): Promise<ProjectView> {
    return this.uow.run(async () => {
      const stage = resolveStage(await this.stages.listByTeam(team), { stageId: command.stageId, status: command.status }, true);
      await checkProjectReferences({ squads: this.squads, clients: this.clients }, team, command);
      const slug = await this.slugFor(team, command);
      const now = this.clock.now();
      const { stageId: _s, status: _t, slug: _g, ...fields } = command;
      const project = Project.create(this.ids.next(), team.teamId, { ...fields, slug }, stage, now);
      await this.projects.insert(project.snapshot());
      await this.pipelines.insert(newDefaultPipeline(this.ids, team.teamId, project.id, now));
      const view = (await this.projects.findViewById(team, project.id))!;
      await this.events.append(team, [this.events.draft('project.created', 'project', view.id, view)], now);
      return view;
    });
  }

  /** A slug sent that is taken is refused; a generated one that is taken gets `-2`, `-3`… */
  private async slugFor(team: TeamContext, command: CreateProjectCommand): Promise<string> {
    if (command.slug !== undefined && command.slug !== null) {
      const slug = requireSlug(command.slug);
      if (await this.projects.findBySlug(team, slug)) throw new Duplicate('A project with this slug already exists', { field: 'slug' });
      return slug;
    }
    const base = slugify(command.name ?? '') || 'project';
    return uniqueSlug(base, await this.projects.slugsLike(team, base), 'project');
  }
}
