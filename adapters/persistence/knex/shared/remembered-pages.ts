import { Page } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { LruMemo } from '../../../system/lru-memo';
import { KnexDatabase } from './knex-database';
import { VersionTable } from './team-versions';

/** A version an answer was read at: one team version, or several read together (`RememberedPages`). */
export type Version = number | readonly number[];

const one = (): number => 1;

/** The key of an answer at a version: the version, a character no version holds, then the answer's own key. */
const at = (key: string, version: Version): string => `${typeof version === 'number' ? version : version.join(',')}\u0000${key}`;

/**
 * Answers remembered under the version they were read at, which is part of their key: one is given again
 * only at that same version, and those of an older version, never asked for again, are the least recently
 * used and the first let go. Each answer weighs what `weigh` says (a page, its rows; 1 by default); beyond
 * `capacity` in all, the least recently used ones are let go (`LruMemo`, on lru-cache).
 */
export class VersionedMemo<V> {
  private readonly memo: LruMemo<V>;

  constructor(capacity: number, weigh: (answer: V) => number = one) {
    this.memo = new LruMemo<V>({ capacity, weigh });
  }

  /**
   * The answer remembered for `key` at `version`, or the one `read` gives (shared by the requests that miss
   * it together: after a write, fifty readers of a page would otherwise each read and count it again).
   */
  through(key: string, version: Version, read: () => Promise<V>): Promise<V> {
    return this.memo.through(at(key, version), read);
  }

  get(key: string, version: Version): V | undefined {
    return this.memo.get(at(key, version));
  }

  /** Remembers `value` for `key` at `version`, weighing `weight` (by default what `weigh` says). */
  set(key: string, version: Version, value: V, weight?: number): void {
    this.memo.set(at(key, version), value, weight);
  }
}

/**
 * Pages of a list remembered per team and query under the team's versions of every kind of row a page
 * shows (`versions`, declared by the repository beside its select: a deal page shows its client's name,
 * so it names `deal_versions` and `client_versions`), so no writer needs to know which pages show its
 * rows. The versions are read first, in one statement; inside a unit of work a page is always read (its
 * own writes moved the versions). A page given to several readers is frozen, each item with `freeze`.
 */
export class RememberedPages<T> {
  private readonly memo: VersionedMemo<Page<T>>;
  private readonly readSql: string;

  constructor(
    private readonly database: KnexDatabase,
    /** The version tables of what a page shows; `page` hands their versions to its read in this order. */
    private readonly versions: readonly VersionTable[],
    /** Rows held in all, across the pages. */
    capacity: number,
    private readonly freeze: (item: T) => void,
  ) {
    if (versions.length === 0) throw new TypeError('RememberedPages: a page is remembered under at least one version');
    this.memo = new VersionedMemo<Page<T>>(capacity, (page) => Math.max(1, page.items.length));
    // On PostgreSQL a version is spread over slots (KnexDatabase.slot): it is their sum, which every write moves.
    this.readSql = `select ${versions.map((table) => `(select sum(version) from ${table} where team_id = ?)`).join(', ')}`;
  }

  /**
   * The page of `query` (anything JSON names it by), from `read` given the versions read before it (in the
   * order of `versions`), or null in a unit of work.
   */
  async page(team: TeamContext, query: unknown, read: (versions: readonly number[] | null) => Promise<Page<T>>): Promise<Page<T>> {
    if (this.database.inTransaction) return read(null);
    const versions = await this.read(team.teamId);
    return this.memo.through(JSON.stringify([team.teamId, query]), versions, async () => {
      const page = await read(versions);
      for (const item of page.items) this.freeze(item);
      Object.freeze(page.items);
      Object.freeze(page);
      return page;
    });
  }

  /** The team's versions as committed (0 for a kind before its first write), in the order of `versions`. */
  private async read(teamId: string): Promise<number[]> {
    const [row] = await this.database.rows(
      this.readSql,
      this.versions.map(() => teamId),
    );
    // The row is this call's own: its sums become the versions in place.
    const versions = row ?? [];
    for (let i = 0; i < this.versions.length; i++) versions[i] = Number(versions[i] ?? 0);
    return versions as number[];
  }
}
