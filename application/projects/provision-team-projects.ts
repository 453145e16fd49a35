import { INTERNAL_PROJECT, Project } from '../../domain/projects/project';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { defaultStages, firstStageOf } from '../../domain/projects/stage';
import { StageRepository } from '../../domain/projects/stage-repository';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { TeamSetupStep } from '../shared/team-setup';
import { newDefaultPipeline, newGlobalPipeline, nextIds } from './new-pipelines';

/**
 * What a new team gets from the projects context: its five default stages, its internal project
 * (with a default pipeline) and the legacy global pipeline. Runs inside CreateTeam's transaction.
 */
export class ProvisionTeamProjects implements TeamSetupStep {
  constructor(
    private readonly stages: StageRepository,
    private readonly projects: ProjectRepository,
    private readonly pipelines: PipelineRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async setUp(team: TeamContext): Promise<void> {
    const now = this.clock.now();
    const stages = defaultStages(nextIds(this.ids, 5), team.teamId, now);
    for (const stage of stages) await this.stages.insert(stage);
    // The internal project is ongoing work, not a backlog item.
    const stage = firstStageOf(stages, 'active') ?? stages[0];
    const project = Project.create(this.ids.next(), team.teamId, { ...INTERNAL_PROJECT, isInternal: true }, stage, now);
    await this.projects.insert(project.snapshot());
    await this.pipelines.insert(newDefaultPipeline(this.ids, team.teamId, project.id, now));
    await this.pipelines.insert(newGlobalPipeline(this.ids, team.teamId, now));
  }
}
