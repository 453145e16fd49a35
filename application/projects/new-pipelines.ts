// Building the pipelines that come with a new project or team, with fresh ids for them and their loss reasons.
import { DEFAULT_LOSS_REASONS, Pipeline, PipelineData } from '../../domain/projects/pipeline';
import { IdGenerator } from '../shared/id-generator';

export const nextIds = (ids: IdGenerator, n: number): string[] => Array.from({ length: n }, () => ids.next());

export const newDefaultPipeline = (ids: IdGenerator, teamId: string, projectId: string, now: Date): PipelineData =>
  Pipeline.defaultForProject(ids.next(), teamId, projectId, nextIds(ids, DEFAULT_LOSS_REASONS.length), now).snapshot();

export const newGlobalPipeline = (ids: IdGenerator, teamId: string, now: Date): PipelineData =>
  Pipeline.legacyGlobal(ids.next(), teamId, nextIds(ids, DEFAULT_LOSS_REASONS.length), now).snapshot();
