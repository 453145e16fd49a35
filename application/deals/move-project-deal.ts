import { Deal } from '../../domain/deals/deal';
import { DealRepository, DealView } from '../../domain/deals/deal-repository';
import { Pipeline } from '../../domain/projects/pipeline';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { Project } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { DealDispatchTrigger } from './deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { ProjectDealDetails } from './project-deal-details';

export interface MoveProjectDealCommand {
  id: string;
  projectId: string;
  /** The slug of the target column of the deal's pipeline. */
  phase: string;
  winNote?: string | null;
  lossReasonId?: string | null;
  position?: number | null;
}

/**
 * POST /deals/:id/move (deliberately beyond the spec): a project deal moves between the columns of
 * its pipeline; a won column needs a `win_note`, a lost one a loss reason of the pipeline (or of the
 * project's default pipeline). A change of column raises `deal.stage_changed` (and `deal.won` / `deal.lost`) in the same transaction.
 */
export class MoveProjectDeal {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly deals: DealRepository,
    private readonly projects: ProjectRepository,
    private readonly pipelines: PipelineRepository,
    private readonly events: EventLog,
    private readonly clock: Clock,
    private readonly trigger: DealDispatchTrigger,
    private readonly details: ProjectDealDetails,
  ) {}

  async execute(team: TeamContext, command: MoveProjectDealCommand): Promise<DealView> {
    const view = await this.uow.run(async () => {
      const project = await this.projects.findById(team, command.projectId);
      if (!project) throw new NotFound('Project not found', 'project_id');
      await this.deals.lock(team, command.id);
      const found = await this.deals.findById(team, command.id);
      if (!found) throw new NotFound('Deal not found');
      const deal = Deal.restore(found.deal);
      deal.assertInProject(command.projectId);
      Project.restore(project).assertWritable();
      const stored = deal.pipelineId ? await this.pipelines.findById(team, deal.pipelineId) : null;
      if (!stored) throw new NotFound("The deal's pipeline no longer exists", 'pipeline_id');
      const pipeline = Pipeline.restore(stored);
      const storedDefault = pipeline.isDefault ? stored : await this.pipelines.findDefaultForProject(team, command.projectId);
      const defaultPipeline = storedDefault && Pipeline.restore(storedDefault);
      const target = pipeline.moveTarget(command.phase, { winNote: command.winNote, lossReasonId: command.lossReasonId }, defaultPipeline);
      const now = this.clock.now();
      deal.moveInProject(
        {
          column: target.column,
          winNote: target.winNote,
          lossReason: target.lossReason,
          position: command.position,
        },
        now,
      );
      const data = deal.snapshot();
      await this.deals.update(data);
      // The answer and the events carry the same card GET /deals/:id gives: with its lead and contacts.
      const [before, after] = await this.details.attach(team, [found, { ...found, deal: data }]);
      await this.events.append(
        team,
        deal.pullEvents().map((e) => this.events.draft(e.type, 'deal', data.id, after, before)),
        now,
      );
      return after;
    });
    this.trigger.kick();
    return view;
  }
}
