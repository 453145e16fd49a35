import { LRUCache } from 'lru-cache';

/**
 * One row a hot write inserts, or upserts: its table, its columns and their values, and what a conflict
 * does (`(team_id, slot) do update set …`, the text after `on conflict`), if it may meet one. Written by
 * the code that owns the row (a repository, `TeamVersions`, `KeptCounts`), never parsed back out of SQL.
 */
export interface RowWrite {
  table: string;
  columns: readonly string[];
  values: readonly unknown[];
  onConflict?: string;
}

/** A statement's text, `?` for each value, and its values. */
export interface Statement {
  sql: string;
  bindings: readonly unknown[];
}

/** The row of `record` whose values are not undefined: a column left out takes its default. */
export function rowOf(table: string, record: Readonly<Record<string, unknown>>, onConflict?: string): RowWrite {
  const columns = Object.keys(record).filter((c) => record[c] !== undefined);
  return { table, columns, values: columns.map((c) => record[c]), ...(onConflict === undefined ? {} : { onConflict }) };
}

/** Texts are few (one per table, column set and chain): each is built once. */
const texts = new LRUCache<string, string>({ max: 1000 });

const keyOf = (rows: readonly RowWrite[]): string =>
  rows.map((r) => `${r.table}\u0001${r.columns.join('\u0001')}\u0001${r.onConflict ?? ''}`).join('\u0000');

const head = (row: RowWrite): string => `insert into "${row.table}" (${row.columns.map((c) => `"${c}"`).join(', ')})`;
const tail = (row: RowWrite): string => (row.onConflict === undefined ? '' : ` on conflict ${row.onConflict}`);
const marks = (row: RowWrite): string => row.columns.map(() => '?').join(', ');

/** One row as its own statement: `insert into … values (…) [on conflict …]`. */
export function insertStatement(row: RowWrite): Statement {
  const key = keyOf([row]);
  let sql = texts.get(key);
  if (sql === undefined) texts.set(key, (sql = `${head(row)} values (${marks(row)})${tail(row)}`));
  return { sql, bindings: row.values };
}

/**
 * Rows as one PostgreSQL statement, written in the order given: each row a step of a WITH whose one row
 * comes from the step before (`insert into … select ? … from w0`), so each step takes its row locks after
 * the one before, in the order the writer chose to avoid deadlocks. One statement sees one snapshot, so
 * no two rows may be the same row (two moves of one count row would both read its old value).
 */
export function chainedStatement(rows: readonly RowWrite[]): Statement {
  if (rows.length === 1) return insertStatement(rows[0]);
  const key = `chain\u0000${keyOf(rows)}`;
  let sql = texts.get(key);
  if (sql === undefined) {
    const steps = rows.map((row, i) => {
      const values = i === 0 ? ` values (${marks(row)})` : ` select ${marks(row)} from w${i - 1}`;
      const step = `${head(row)}${values}${tail(row)}`;
      return i < rows.length - 1 ? `w${i} as (${step} returning 1)` : step;
    });
    const last = steps.pop()!;
    texts.set(key, (sql = `with ${steps.join(', ')} ${last}`));
  }
  return { sql, bindings: rows.flatMap((r) => r.values) };
}
