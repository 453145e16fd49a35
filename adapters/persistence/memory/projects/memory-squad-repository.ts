import { SquadData } from '../../../../domain/projects/squad';
import { SquadRepository } from '../../../../domain/projects/squad-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';

export class MemorySquadRepository implements SquadRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<SquadData>('squads');
  }

  async findById(team: TeamContext, id: string): Promise<SquadData | null> {
    const s = this.rows.get(id);
    return s && s.teamId === team.teamId ? s : null;
  }

  async insert(squad: SquadData): Promise<void> {
    this.rows.set(squad.id, squad);
  }
}
