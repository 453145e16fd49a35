import { Pipeline, PipelineData } from '../../domain/projects/pipeline';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { TaskPlacement, resolveTaskColumn } from '../../domain/tasks/task';

/** A pipeline named by a task must be one of the task's project's pipelines. */
export const projectPipeline = async (
  pipelines: PipelineRepository,
  team: TeamContext,
  projectId: string,
  pipelineId: string,
): Promise<PipelineData> => {
  const pipeline = await pipelines.findById(team, pipelineId);
  if (!pipeline || pipeline.projectId !== projectId) throw new NotFound('Pipeline not found in the project', 'pipeline_id');
  return pipeline;
};

/** The board position for a pipeline (or none) and an optional column asked for. */
export const placementIn = (pipeline: PipelineData | null, column: string | undefined): TaskPlacement => {
  const first = pipeline ? Pipeline.restore(pipeline).firstColumn() : null;
  return { pipelineId: pipeline?.id ?? null, column: resolveTaskColumn(column, first ? [first.slug] : []) };
};

/** `column` and its alias `columnSlug`; `column` wins when both are given. */
export const requestedColumn = (input: { column?: string; columnSlug?: string }): string | undefined => input.column ?? input.columnSlug;
