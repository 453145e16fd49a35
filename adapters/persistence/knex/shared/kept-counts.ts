// The total of a list kept in a count table beside its rows and written in the same transaction as each
// row, so a page reads a few count rows instead of counting the team's rows (docs/architecture.md, performance).
import { Knex } from 'knex';
import { KnexDatabase } from './knex-database';
import { RowWrite } from './row-writes';

/** The key columns of one count row and their values (a key column is never null: '' stands for none). */
export type CountKey = Record<string, string | boolean>;

/** An id as a key column holds it: lower case (as a PostgreSQL uuid answers it), '' for none. */
export const idKey = (id: string | null): string => id?.toLowerCase() ?? '';

/** The row about to be changed, read under a row lock on PostgreSQL, so two writers never move one count twice. */
export const forUpdate = async <T = unknown>(database: KnexDatabase, qb: Knex.QueryBuilder): Promise<T> =>
  (await (database.dialect === 'postgres' ? qb.forUpdate() : qb)) as T;

export class KeptCounts<K extends CountKey> {
  /** `n = n + excluded.n` adds to the row as it stands when the write gets it: concurrent writers never overwrite each other. */
  private readonly onConflict: string;
  private readonly key: readonly string[];
  private readonly slotted: boolean;

  /**
   * `columns` is the table's primary key, `team_id` first; each row also has its count `n`. On PostgreSQL
   * the key ends with the write's `slot` (KnexDatabase.slot): a count is the sum of its slots' rows.
   */
  constructor(
    private readonly database: KnexDatabase,
    private readonly table: string,
    private readonly columns: readonly (keyof K & string)[],
  ) {
    this.slotted = database.dialect === 'postgres';
    this.key = [...columns, ...(this.slotted ? ['slot'] : [])];
    const keys = this.key.map((c) => `"${c}"`).join(', ');
    this.onConflict = `(${keys}) do update set "n" = "${table}"."n" + excluded."n"`;
  }

  /** The sum of the counts whose columns hold the values given; a column left out is summed over. */
  async total(where: Partial<K>): Promise<number> {
    const row = (await this.database.db(this.table).where(where).sum({ n: 'n' }).first()) as { n: number | string | null } | undefined;
    return Number(row?.n ?? 0);
  }

  /**
   * A row moved from the key it was counted under to the one it is counted under now; null is "not
   * counted" (no row before an insert, a soft-deleted row after). Runs in the transaction of the write,
   * so a write that fails takes its count with it.
   */
  async move(from: K | null, to: K | null): Promise<void> {
    await this.database.writeRows(() => this.moves(from, to));
  }

  /** `n` more rows of `key` (inserted together). */
  async grow(key: K, n: number): Promise<void> {
    await this.database.writeRows(() => [this.add(key, n)]);
  }

  /** The rows `move` writes, in their order, for `KnexDatabase.writeRows`; built inside the write's transaction (its slot). */
  moves(from: K | null, to: K | null): RowWrite[] {
    if (from && to && this.columns.every((c) => from[c] === to[c])) return [];
    const changes: [K, number][] = [];
    if (from) changes.push([from, -1]);
    if (to) changes.push([to, 1]);
    // Two writers moving rows between the same two keys in opposite directions would each hold one
    // count row and wait for the other's (a deadlock): taken in one order, the second just waits.
    changes.sort(([a], [b]) => (this.order(a) < this.order(b) ? -1 : 1));
    return changes.map(([key, delta]) => this.add(key, delta));
  }

  private add(key: K, delta: number): RowWrite {
    const values = this.columns.map((c): unknown => key[c]);
    if (this.slotted) values.push(this.database.slot);
    values.push(delta);
    return { table: this.table, columns: [...this.key, 'n'], values, onConflict: this.onConflict };
  }

  private order(key: K): string {
    return JSON.stringify(this.columns.map((c) => key[c]));
  }
}
