import { KnexDatabase } from '../shared/knex-database';

/**
 * The version of each team's deals (`deal_versions`): moved in the transaction of every write that changes
 * what a deal list or a deal shows (a deal written, a client given a new name), so that an answer read at
 * one version may be given again while the version stays the same. In the database, not in a process: a
 * write on another node moves it too.
 */
export class DealVersions {
  constructor(private readonly database: KnexDatabase) {}

  /** The team's version as committed (0 before its first write). */
  async read(teamId: string): Promise<number> {
    const [row] = await this.database.rows('select version from deal_versions where team_id = ?', [teamId]);
    return Number(row?.[0] ?? 0);
  }

  /**
   * Moves the team's version, in the transaction of the write. A deal's write moves it first, before the
   * deal's row and its counts: every write of a team's deals then takes its locks in one order (on
   * PostgreSQL the version row's first), so two units that each write several deals never wait on each
   * other in a circle.
   */
  async touch(teamId: string): Promise<void> {
    await this.database.db.raw(
      'insert into deal_versions (team_id, version) values (?, 1) on conflict (team_id) do update set version = deal_versions.version + 1',
      [teamId],
    );
  }
}

/**
 * Answers remembered under the version they were read at: one is given again only at that same version.
 * Each answer weighs what it holds (a page, its deals; 1 unless told); beyond `capacity` in all, the least
 * recently used ones are let go.
 */
export class VersionedMemo<V> {
  private readonly kept = new Map<string, { version: number; value: V; weight: number }>();
  private weight = 0;

  constructor(private readonly capacity: number) {}

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
