import { KnexDatabase } from './knex-database';
import { RowWrite } from './row-writes';

/** The tables that hold a version per team: of its deals, of its clients. */
export type VersionTable = 'deal_versions' | 'client_versions';

/**
 * The version of a team's rows of one kind (its deals, its clients): moved in the transaction of every write
 * that changes what a list of them shows, so that an answer read at one version may be given again while the
 * version stays the same. In the database, not in a process: a write on another node moves it too.
 */
export class TeamVersions {
  private readonly onConflict: string;

  constructor(
    private readonly database: KnexDatabase,
    private readonly table: VersionTable,
  ) {
    // On PostgreSQL a version is spread over slots (KnexDatabase.slot), each moved by the writes of its
    // transactions: the version is their sum (RememberedPages reads it), which every write moves.
    const key = database.dialect === 'postgres' ? '(team_id, slot)' : '(team_id)';
    this.onConflict = `${key} do update set version = ${table}.version + 1`;
  }

  /**
   * Moves the team's version, in the transaction of the write. First, before the written row and its
   * counts: every write of a team's rows of this kind then takes its locks in one order (on PostgreSQL the
   * version row's first), so two units that each write several never wait on each other in a circle.
   */
  async touch(teamId: string): Promise<void> {
    await this.database.writeRows(() => [this.touching(teamId)]);
  }

  /** The row `touch` writes, for `KnexDatabase.writeRows`; built inside the write's transaction (its slot). */
  touching(teamId: string): RowWrite {
    return this.database.dialect === 'postgres'
      ? { table: this.table, columns: ['team_id', 'slot', 'version'], values: [teamId, this.database.slot, 1], onConflict: this.onConflict }
      : { table: this.table, columns: ['team_id', 'version'], values: [teamId, 1], onConflict: this.onConflict };
  }
}
