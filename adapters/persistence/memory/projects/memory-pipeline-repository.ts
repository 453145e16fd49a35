import { PipelineData } from '../../../../domain/projects/pipeline';
import { PipelineRepository } from '../../../../domain/projects/pipeline-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';

const byCreation = (a: PipelineData, b: PipelineData): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export class MemoryPipelineRepository implements PipelineRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<PipelineData>('pipelines');
  }

  async findById(team: TeamContext, id: string): Promise<PipelineData | null> {
    const p = this.rows.get(id);
    return p && p.teamId === team.teamId ? p : null;
  }

  async listByProject(team: TeamContext, projectId: string): Promise<PipelineData[]> {
    return this.rows
      .filter((p) => p.teamId === team.teamId && p.projectId === projectId)
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || byCreation(a, b));
  }

  async findDefaultForProject(team: TeamContext, projectId: string): Promise<PipelineData | null> {
    return this.rows.filter((p) => p.teamId === team.teamId && p.projectId === projectId && p.isDefault).sort(byCreation)[0] ?? null;
  }

  async findGlobal(team: TeamContext): Promise<PipelineData | null> {
    return this.rows.filter((p) => p.teamId === team.teamId && p.projectId === null).sort(byCreation)[0] ?? null;
  }

  async insert(pipeline: PipelineData): Promise<void> {
    this.rows.set(pipeline.id, pipeline);
  }
}
