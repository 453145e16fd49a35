import { Knex } from 'knex';
import { ListQuery, Page, offsetOf } from '../../../../domain/shared/list';
import { KEYS_MARKER, SearchQuery } from '../../../../domain/shared/search-text';
import { KnexDatabase } from './knex-database';

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * README "Search" on a stored `search_text` column, already folded when the row was written
 * (domain/shared/search-text.ts): the folded query as a substring, and its key form inside the keys
 * section. Plain LIKE patterns with escaping and no lower() on either side, so SQLite and PostgreSQL
 * compare the same characters, and a trigram index on the column (pg_trgm, FTS5 trigram) can serve them.
 */
export function whereSearchText(qb: Knex.QueryBuilder, column: string, query: SearchQuery | undefined): void {
  if (!query) return;
  qb.where((w) => {
    w.whereRaw(`?? like ? escape '\\'`, [column, `%${escapeLike(query.text)}%`]);
    if (query.key !== undefined) w.orWhereRaw(`?? like ? escape '\\'`, [column, `%${KEYS_MARKER}%${escapeLike(query.key)}%`]);
  });
}

export type SortKind = 'text' | 'plain';

export interface SortColumn {
  /** A column name, or raw SQL (an expression such as a CASE rank) when `raw` is set. */
  column: string;
  kind?: SortKind;
  raw?: boolean;
  /** The column is NOT NULL: it is ordered by itself alone, so an index on it can serve the sort. */
  required?: boolean;
}

/**
 * The same order on every adapter: text case-insensitive in byte order, nulls last in both directions,
 * then the id (time-ordered) as tie-breaker.
 */
export function orderBy(qb: Knex.QueryBuilder, database: KnexDatabase, sort: SortColumn, descending: boolean, idColumn = 'id'): void {
  const dir = descending ? 'desc' : 'asc';
  const expr = sort.raw ? sort.column : database.knex.raw('??', [sort.column]).toQuery();
  const value = sort.kind === 'text' ? (database.dialect === 'postgres' ? `lower(${expr}) collate "C"` : `lower(${expr})`) : expr;
  if (!sort.required) qb.orderByRaw(`(${expr}) is null`);
  qb.orderByRaw(`${value} ${dir}`).orderBy(idColumn, dir);
}

/**
 * One count and one page query over the same filtered query; without the count when the total is
 * already known (a kept count, shared/kept-counts.ts).
 */
export async function paginate<R, T>(qb: Knex.QueryBuilder, query: ListQuery, map: (row: R) => T, knownTotal?: number): Promise<Page<T>> {
  let total = knownTotal;
  if (total === undefined) {
    const countRow = await qb.clone().clearSelect().clearOrder().count({ n: '*' }).first();
    total = Number((countRow as { n: number | string } | undefined)?.n ?? 0);
  }
  const rows: R[] = await qb.clone().offset(offsetOf(query)).limit(query.limit);
  return { items: rows.map(map), total };
}
