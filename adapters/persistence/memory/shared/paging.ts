import { ListQuery, Page, offsetOf } from '../../../../domain/shared/list';

export type SortValue = string | number | boolean | null | undefined;

/** Orders like the SQL adapters: text case-insensitively, nulls last in both directions, id as tie-breaker. */
export function pageOf<T extends { id: string }>(
  rows: T[],
  query: ListQuery,
  valueOf: (row: T, field: string) => SortValue,
): Page<T> {
  const dir = query.sort.descending ? -1 : 1;
  const norm = (v: SortValue) => (typeof v === 'string' ? v.toLowerCase() : typeof v === 'boolean' ? Number(v) : v);
  const sorted = [...rows].sort((a, b) => {
    const x = norm(valueOf(a, query.sort.field));
    const y = norm(valueOf(b, query.sort.field));
    const xn = x === null || x === undefined;
    const yn = y === null || y === undefined;
    if (xn !== yn) return xn ? 1 : -1;
    if (!xn && !yn && x !== y) return (x as string | number) < (y as string | number) ? -dir : dir;
    return a.id < b.id ? -dir : a.id > b.id ? dir : 0;
  });
  const start = offsetOf(query);
  return { items: sorted.slice(start, start + query.limit), total: rows.length };
}

/** Partial, case-insensitive match of `term` in any of the values. */
export const matchesSearch = (term: string | undefined, ...values: (string | null | undefined)[]): boolean => {
  if (!term) return true;
  const t = term.toLowerCase();
  return values.some((v) => typeof v === 'string' && v.toLowerCase().includes(t));
};
