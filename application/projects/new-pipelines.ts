// Building the pipelines that come with a new project or team, with fresh ids for them and their loss reasons.
import { DEFAULT_LOSS_REASONS, PipelineData, defaultProjectPipeline, legacyGlobalPipeline } from '../../domain/projects/pipeline';
import { IdGenerator } from '../shared/id-generator';

export const nextIds = (ids: IdGenerator, n: number): string[] => Array.from({ length: n }, () => ids.next());

export const newDefaultPipeline = (ids: IdGenerator, teamId: string, projectId: string, now: Date): PipelineData =>
  defaultProjectPipeline(ids.next(), teamId, projectId, nextIds(ids, DEFAULT_LOSS_REASONS.length), now);

export const newGlobalPipeline = (ids: IdGenerator, teamId: string, now: Date): PipelineData =>
  legacyGlobalPipeline(ids.next(), teamId, nextIds(ids, DEFAULT_LOSS_REASONS.length), now);
