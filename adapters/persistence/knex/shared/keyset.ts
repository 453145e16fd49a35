import { Knex } from 'knex';
import { KeysetPage, KeysetQuery } from '../../../../domain/shared/keyset';
import { toIso } from './rows';

type Row = Record<string, unknown>;

/**
 * One page of a newest-first list (domain/shared/keyset.ts) from `query`, already filtered to its scope:
 * ordered by `column` then `id`, both descending, starting after `q.after`. Reads one row more than the
 * page to know whether another page follows. Timestamps compare as written (ISO text on SQLite,
 * timestamptz on PostgreSQL), so the same position answers the same on both; an index on
 * (team_id, `column`) serves it.
 */
export async function newestFirstPage<T, R extends object = Row>(
  query: Knex.QueryBuilder,
  column: string,
  q: KeysetQuery,
  fromRow: (row: R) => T,
): Promise<KeysetPage<T>> {
  const { after } = q;
  if (after) {
    query.where((w) => {
      w.where(column, '<', after.at).orWhere((same) => {
        same.where(column, '=', after.at).andWhere('id', '<', after.id);
      });
    });
  }
  const rows = (await query
    .orderBy([
      { column, order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(q.limit + 1)) as Row[];
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    // Knex answers untyped rows: the caller names the shape its columns make.
    items: page.map((row) => fromRow(row as R)),
    next: rows.length > q.limit ? { at: toIso(last[column]), id: last.id as string } : null,
  };
}
