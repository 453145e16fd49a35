import { Knex } from 'knex';
import { FieldFilters, ListQuery, Page, offsetOf } from '../../../../domain/shared/list';
import { KEYS_MARKER, SearchQuery } from '../../../../domain/shared/search-text';
import { KnexDatabase } from './knex-database';

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The tables with an FTS5 trigram index on SQLite (migration 20261125000100_search_fts), as PostgreSQL's pg_trgm. */
const FTS_TABLES: ReadonlySet<string> = new Set(['deals', 'clients', 'project_leads', 'tasks', 'whatsapp_contacts']);

/** A trigram index holds substrings of three characters (code points, as SQLite counts them): a shorter term finds nothing in it. */
const TRIGRAM = 3;
const indexable = (term: string): boolean => [...term].length >= TRIGRAM;

/** An FTS5 phrase that is exactly the term (quoted: every character is text), matched as a substring. */
const ftsPhrase = (term: string): string => `"${term.replace(/"/g, '""')}"`;

/** The table a list searches, and the alias its query gives it, if any. */
export interface SearchedTable {
  table: string;
  alias?: string;
}

/**
 * docs/api.md "Search" on the stored, already folded `search_text` (domain/shared/search-text.ts): the
 * folded query as a substring, its key form inside the keys section, as plain escaped LIKE patterns that
 * both dialects compare alike and a trigram index (pg_trgm) serves. On SQLite an FTS5 trigram index first
 * narrows the rows (by rowid) and the same LIKE judges them; a term shorter than a trigram keeps the scan.
 */
export function whereSearchText(
  qb: Knex.QueryBuilder,
  database: KnexDatabase,
  searched: SearchedTable,
  query: SearchQuery | undefined,
  options: { narrow?: boolean } = {},
): void {
  if (!query) return;
  const ref = searched.alias ?? searched.table;
  const column = `${ref}.search_text`;
  const terms = query.key === undefined ? [query.text] : [query.text, query.key];
  // `narrow: false` leaves the FTS index out, for a caller that knows walking its sort order is cheaper.
  const fts =
    database.dialect === 'sqlite' && options.narrow !== false && FTS_TABLES.has(searched.table) && terms.every(indexable)
      ? `${searched.table}_search_fts`
      : undefined;
  if (fts) {
    // Without statistics, SQLite's planner takes an equality on an index of the team for a few rows, and
    // would walk all of the team's index entries checking each rowid against the FTS list. NOT INDEXED
    // leaves it the one path that reads no more than the matches: the rowids the FTS index gives.
    const { knex } = database;
    qb.from(
      searched.alias ? knex.raw('?? as ?? not indexed', [searched.table, searched.alias]) : knex.raw('?? not indexed', [searched.table]),
    );
  }
  qb.where((w) => {
    if (fts) w.whereRaw(`?? in (select rowid from ?? where ?? match ?)`, [`${ref}.rowid`, fts, fts, terms.map(ftsPhrase).join(' OR ')]);
    w.where((like) => {
      like.whereRaw(`?? like ? escape '\\'`, [column, `%${escapeLike(query.text)}%`]);
      if (query.key !== undefined) like.orWhereRaw(`?? like ? escape '\\'`, [column, `%${KEYS_MARKER}%${escapeLike(query.key)}%`]);
    });
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
  qb.orderByRaw(orderSql(database, sort, descending, database.knex.raw('??', [idColumn]).toQuery()));
}

/** `orderBy`'s order as the text of an ORDER BY clause (without the words), for a statement written as SQL. */
export function orderSql(database: KnexDatabase, sort: SortColumn, descending: boolean, idColumn: string): string {
  const dir = descending ? 'desc' : 'asc';
  const expr = sort.raw ? sort.column : database.knex.raw('??', [sort.column]).toQuery();
  const value = sort.kind === 'text' ? (database.dialect === 'postgres' ? `lower(${expr}) collate "C"` : `lower(${expr})`) : expr;
  return `${sort.required ? '' : `(${expr}) is null, `}${value} ${dir}, ${idColumn} ${dir}`;
}

/**
 * One count and one page query over the same filtered query; without the count when the total is
 * already known (a kept count, shared/kept-counts.ts).
 */
export async function paginate<R, T>(qb: Knex.QueryBuilder, query: ListQuery, map: (row: R) => T, knownTotal?: number): Promise<Page<T>> {
  let total = knownTotal;
  if (total === undefined) {
    const countRow = (await qb.clone().clearSelect().clearOrder().count({ n: '*' }).first()) as { n: number | string } | undefined;
    total = Number(countRow?.n ?? 0);
  }
  const rows = (await qb.clone().offset(offsetOf(query)).limit(query.limit)) as R[];
  return { items: rows.map(map), total };
}

const columnOf = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Adds the field filters that `filter` sets (see `FieldFilters`): `alias.column = value` each. */
export function whereFields<F>(qb: Knex.QueryBuilder, filter: F, fields: FieldFilters<F, Record<string, unknown>>, alias?: string): void {
  for (const key of Object.keys(fields) as (keyof F & string)[]) {
    const value = filter[key];
    const field = fields[key];
    if (value === undefined || field === undefined) continue;
    qb.andWhere(alias ? `${alias}.${columnOf(field)}` : columnOf(field), value as Knex.Value);
  }
}
