import { TeamContext } from '../shared/team';
import { PipelineData } from './pipeline';

/** Pipelines with their columns (board order) and their own loss reasons. */
export interface PipelineRepository {
  /** `projectId` null is the team's legacy global pipeline. */
  findById(team: TeamContext, id: string): Promise<PipelineData | null>;
  /** The project's pipelines, default first, then by creation. */
  listByProject(team: TeamContext, projectId: string): Promise<PipelineData[]>;
  findDefaultForProject(team: TeamContext, projectId: string): Promise<PipelineData | null>;
  /** The legacy global pipeline (project_id null). */
  findGlobal(team: TeamContext): Promise<PipelineData | null>;
  insert(pipeline: PipelineData): Promise<void>;
}
