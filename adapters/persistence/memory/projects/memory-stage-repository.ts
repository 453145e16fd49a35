import { StageData } from '../../../../domain/projects/stage';
import { StageRepository } from '../../../../domain/projects/stage-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';

export class MemoryStageRepository implements StageRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<StageData>('project_stages');
  }

  async listByTeam(team: TeamContext): Promise<StageData[]> {
    return this.rows
      .filter((s) => s.teamId === team.teamId)
      .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async insert(stage: StageData): Promise<void> {
    this.rows.set(stage.id, stage);
  }
}
