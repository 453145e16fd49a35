import { KnexDatabase, Write } from './knex-database';

/** The tables that hold a version per team: of its deals, of its clients. */
export type VersionTable = 'deal_versions' | 'client_versions';

/**
 * The version of a team's rows of one kind (its deals, its clients): moved in the transaction of every write
 * that changes what a list of them shows, so that an answer read at one version may be given again while the
 * version stays the same. In the database, not in a process: a write on another node moves it too.
 */
export class TeamVersions {
  private readonly readSql: string;
  private readonly touchSql: string;

  constructor(
    private readonly database: KnexDatabase,
    table: VersionTable,
  ) {
    // On PostgreSQL a version is spread over slots (KnexDatabase.slot), each moved by the writes of its
    // transactions: the version is their sum, which every write moves.
    this.readSql = `select sum(version) from ${table} where team_id = ?`;
    this.touchSql =
      database.dialect === 'postgres'
        ? `insert into ${table} (team_id, slot, version) values (?, ?, 1) on conflict (team_id, slot) do update set version = ${table}.version + 1`
        : `insert into ${table} (team_id, version) values (?, 1) on conflict (team_id) do update set version = ${table}.version + 1`;
  }

  /** The team's version as committed (0 before its first write). */
  async read(teamId: string): Promise<number> {
    const [row] = await this.database.rows(this.readSql, [teamId]);
    return Number(row?.[0] ?? 0);
  }

  /**
   * Moves the team's version, in the transaction of the write. First, before the written row and its
   * counts: every write of a team's rows of this kind then takes its locks in one order (on PostgreSQL the
   * version row's first), so two units that each write several never wait on each other in a circle.
   */
  async touch(teamId: string): Promise<void> {
    const { sql, bindings } = this.touching(teamId);
    await this.database.write(sql, bindings);
  }

  /** The write `touch` makes, for `KnexDatabase.writeAll`; made inside the write's transaction (its slot). */
  touching(teamId: string): Write {
    return { sql: this.touchSql, bindings: this.database.dialect === 'postgres' ? [teamId, this.database.slot] : [teamId] };
  }
}
