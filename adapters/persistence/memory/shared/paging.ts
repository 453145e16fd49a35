import { FieldFilters, ListQuery, Page, offsetOf } from '../../../../domain/shared/list';
import { SearchQuery, matchesSearchText } from '../../../../domain/shared/search-text';

export type SortValue = string | number | boolean | null | undefined;

/** Orders like the SQL adapters: text case-insensitively, nulls last in both directions, id as tie-breaker. */
export function pageOf<T extends { id: string }>(rows: T[], query: ListQuery, valueOf: (row: T, field: string) => SortValue): Page<T> {
  const dir = query.sort.descending ? -1 : 1;
  const norm = (v: SortValue) => (typeof v === 'string' ? v.toLowerCase() : typeof v === 'boolean' ? Number(v) : v);
  const sorted = [...rows].sort((a, b) => {
    const x = norm(valueOf(a, query.sort.field));
    const y = norm(valueOf(b, query.sort.field));
    const xn = x === null || x === undefined;
    const yn = y === null || y === undefined;
    if (xn !== yn) return xn ? 1 : -1;
    if (!xn && !yn && x !== y) return x < y ? -dir : dir;
    return a.id < b.id ? -dir : a.id > b.id ? dir : 0;
  });
  const start = offsetOf(query);
  return { items: sorted.slice(start, start + query.limit), total: rows.length };
}

/**
 * docs/api.md "Search", as the SQL adapters run it on their stored `search_text`: `textOf` gives the same
 * folded text (domain/shared/search-text.ts), computed only when there is a query.
 */
export const matchesSearch = (query: SearchQuery | undefined, textOf: () => string): boolean =>
  !query || matchesSearchText(textOf(), query);

/** Whether `row` holds every field filter that `filter` sets (see `FieldFilters`). */
export function matchesFields<D, F>(row: D, filter: F, fields: FieldFilters<F, D>): boolean {
  for (const key of Object.keys(fields) as (keyof F & string)[]) {
    const value = filter[key];
    const field = fields[key];
    if (value !== undefined && field !== undefined && row[field] !== (value as unknown)) return false;
  }
  return true;
}

/**
 * The first `limit` of `rows` in the order of `timeOf` (an ISO time), then id: what a person's records
 * are listed in (the SQL adapters order by the same columns).
 */
export function oldestFirst<T extends { id: string }>(rows: T[], timeOf: (row: T) => string, limit: number): T[] {
  return rows
    .sort((a, b) => {
      const ta = timeOf(a);
      const tb = timeOf(b);
      return ta < tb ? -1 : ta > tb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    })
    .slice(0, limit);
}
