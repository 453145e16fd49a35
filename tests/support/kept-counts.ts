// The count tables as a test reads and upsets them. On PostgreSQL a key's count is spread over rows of
// several slots (migration 20261127000100), which readers sum.
import { Knex } from 'knex';

type Row = Record<string, unknown>;

/** The rows of a count table summed per key over their slots (`n` as a number), the keys at zero left out. */
export function summedOverSlots(rows: Row[]): Row[] {
  const sums = new Map<string, Row>();
  for (const { slot: _slot, n, ...key } of rows) {
    const id = JSON.stringify(Object.entries(key).sort(([a], [b]) => (a < b ? -1 : 1)));
    const sum = sums.get(id) ?? { ...key, n: 0 };
    sum.n = (sum.n as number) + Number(n);
    sums.set(id, sum);
  }
  return [...sums.values()].filter((r) => r.n !== 0);
}

/** Adds `by` to one row of the count of `where` only: a count put out of step on purpose. */
export async function addToOneRow(knex: Knex, table: string, where: Row, by: number): Promise<void> {
  const [row] = (await knex(table).where(where).select('*')) as Row[];
  if (!row) throw new Error(`no ${table} row for ${JSON.stringify(where)}`);
  const { n: _n, ...key } = row;
  await knex(table)
    .where(key as Record<string, Knex.Value>)
    .increment('n', by);
}
