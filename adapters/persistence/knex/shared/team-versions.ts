import { Page } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
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
  private readonly readSql: string;
  private readonly onConflict: string;

  constructor(
    private readonly database: KnexDatabase,
    private readonly table: VersionTable,
  ) {
    // On PostgreSQL a version is spread over slots (KnexDatabase.slot), each moved by the writes of its
    // transactions: the version is their sum, which every write moves.
    this.readSql = `select sum(version) from ${table} where team_id = ?`;
    const key = database.dialect === 'postgres' ? '(team_id, slot)' : '(team_id)';
    this.onConflict = `${key} do update set version = ${table}.version + 1`;
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
    await this.database.writeRows(() => [this.touching(teamId)]);
  }

  /** The row `touch` writes, for `KnexDatabase.writeRows`; built inside the write's transaction (its slot). */
  touching(teamId: string): RowWrite {
    return this.database.dialect === 'postgres'
      ? { table: this.table, columns: ['team_id', 'slot', 'version'], values: [teamId, this.database.slot, 1], onConflict: this.onConflict }
      : { table: this.table, columns: ['team_id', 'version'], values: [teamId, 1], onConflict: this.onConflict };
  }
}

/**
 * Answers remembered under the version they were read at: one is given again only at that same version.
 * Each answer weighs what it holds (a page, its rows; 1 unless told); beyond `capacity` in all, the least
 * recently used ones are let go.
 */
export class VersionedMemo<V> {
  private readonly kept = new Map<string, { version: number; value: V; weight: number }>();
  private weight = 0;
  /** The reads `through` has under way, by version and key. */
  private readonly reading = new Map<string, Promise<V>>();

  constructor(private readonly capacity: number) {}

  /**
   * The answer remembered for `key` at `version`, or the one `read` gives, remembered then (weighing
   * `weightOf` of it). The requests that miss it together at one version share one read (after a write of
   * the team, fifty readers of a page would otherwise each read it, and count it, again); a read made at one
   * version is never given at another. A read that fails fails every request that shared it, and is not
   * remembered.
   */
  through(key: string, version: number, read: () => Promise<V>, weightOf: (value: V) => number = () => 1): Promise<V> {
    const hit = this.get(key, version);
    if (hit !== undefined) return Promise.resolve(hit);
    const reading = `${version}\u0000${key}`;
    let shared = this.reading.get(reading);
    if (shared === undefined) {
      shared = read().then(
        (value) => {
          this.reading.delete(reading);
          this.set(key, version, value, weightOf(value));
          return value;
        },
        (err: unknown) => {
          this.reading.delete(reading);
          throw err;
        },
      );
      this.reading.set(reading, shared);
    }
    return shared;
  }

  get(key: string, version: number): V | undefined {
    const hit = this.kept.get(key);
    if (hit === undefined) return undefined;
    if (hit.version !== version) {
      this.forget(key);
      return undefined;
    }
    // Most recently used last, so the first key is the one to let go.
    this.kept.delete(key);
    this.kept.set(key, hit);
    return hit.value;
  }

  set(key: string, version: number, value: V, weight = 1): void {
    this.forget(key);
    if (weight > this.capacity) return;
    while (this.weight + weight > this.capacity) this.forget(this.kept.keys().next().value!);
    this.kept.set(key, { version, value, weight });
    this.weight += weight;
  }

  private forget(key: string): void {
    const kept = this.kept.get(key);
    if (kept === undefined) return;
    this.kept.delete(key);
    this.weight -= kept.weight;
  }
}

/**
 * Pages of a list remembered per team and query under the team's version (`TeamVersions`): the version is
 * read first, so a page is never remembered under a version older than the rows it holds; inside a unit of
 * work a page is always read (the version there may be one the unit's own writes moved, which a rollback
 * undoes). A page given to several readers is frozen, each item with `freeze`: none of them may change it
 * for the next.
 */
export class RememberedPages<T> {
  private readonly memo: VersionedMemo<Page<T>>;

  constructor(
    private readonly database: KnexDatabase,
    private readonly versions: TeamVersions,
    /** Rows held in all, across the pages. */
    capacity: number,
    private readonly freeze: (item: T) => void,
  ) {
    this.memo = new VersionedMemo(capacity);
  }

  /** The page of `query` (anything JSON names it by), from `read` given the version read before it, or null in a unit of work. */
  async page(team: TeamContext, query: unknown, read: (version: number | null) => Promise<Page<T>>): Promise<Page<T>> {
    if (this.database.inTransaction) return read(null);
    const version = await this.versions.read(team.teamId);
    const key = JSON.stringify([team.teamId, query]);
    return this.memo.through(
      key,
      version,
      async () => {
        const page = await read(version);
        for (const item of page.items) this.freeze(item);
        Object.freeze(page.items);
        Object.freeze(page);
        return page;
      },
      (page) => Math.max(1, page.items.length),
    );
  }
}
