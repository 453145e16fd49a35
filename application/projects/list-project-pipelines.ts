import { Pipeline, PipelineData } from '../../domain/projects/pipeline';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { TeamContext } from '../../domain/shared/team';
import { requireProject } from './project-references';

export interface ListProjectPipelinesCommand {
  projectId: string;
}

/**
 * A project's pipelines, default first, columns in board order; a pipeline without loss reasons of
 * its own shows the default pipeline's.
 */
export class ListProjectPipelines {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly pipelines: PipelineRepository,
  ) {}

  async execute(team: TeamContext, command: ListProjectPipelinesCommand): Promise<PipelineData[]> {
    await requireProject(this.projects, team, command.projectId);
    const pipelines = (await this.pipelines.listByProject(team, command.projectId)).map((p) => Pipeline.restore(p));
    const def = pipelines.find((p) => p.isDefault) ?? null;
    return pipelines.map((p) => ({ ...p.snapshot(), lossReasons: p.effectiveLossReasons(def) }));
  }
}
