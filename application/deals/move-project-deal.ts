import { DealView } from '../../domain/deals/deal-repository';
import { Pipeline } from '../../domain/projects/pipeline';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { DealDispatchTrigger } from './deal-dispatch-trigger';
import { ProjectDealWrites } from './project-deal-writes';

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
    private readonly writes: ProjectDealWrites,
    private readonly pipelines: PipelineRepository,
    private readonly clock: Clock,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: MoveProjectDealCommand): Promise<DealView> {
    const view = await this.uow.run(async () => {
      const opened = await this.writes.open(team, command.projectId, command.id, 'project_id');
      const { deal } = opened;
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
      return this.writes.save(team, opened, now);
    });
    this.trigger.kick();
    return view;
  }
}
