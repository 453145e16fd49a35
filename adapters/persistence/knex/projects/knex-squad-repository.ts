import { SquadData } from '../../../../domain/projects/squad';
import { SquadRepository } from '../../../../domain/projects/squad-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { toIso } from '../shared/rows';

type Row = Record<string, unknown>;

const fromRow = (r: Row): SquadData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  name: r.name as string,
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

export class KnexSquadRepository implements SquadRepository {
  constructor(private readonly database: KnexDatabase) {}

  async findById(team: TeamContext, id: string): Promise<SquadData | null> {
    const row = await this.database.db('squads').where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async insert(s: SquadData): Promise<void> {
    await this.database
      .db('squads')
      .insert({ team_id: s.teamId, id: s.id, name: s.name, created_at: s.createdAt, updated_at: s.updatedAt });
  }
}
