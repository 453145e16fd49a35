// The shared list rules (spec part 1): page, limit, one sort field with a direction, a search text.

export interface Sort<F extends string = string> {
  readonly field: F;
  readonly descending: boolean;
}

export interface ListQuery<F extends string = string> {
  readonly page: number;
  readonly limit: number;
  readonly sort: Sort<F>;
  readonly search?: string;
}

export interface Page<T> {
  readonly items: T[];
  readonly total: number;
}

export const offsetOf = (q: Pick<ListQuery, 'page' | 'limit'>): number => (q.page - 1) * q.limit;

/**
 * The filters of a list that hold one field of the record to a value: filter key → the record's field
 * (its column is the field in snake_case). Every storage adapter applies them the same way, so a filter of
 * this kind is declared once, beside the repository port, and in no adapter.
 */
export type FieldFilters<F, D> = { readonly [K in keyof F]?: keyof D & string };

/**
 * The filter every list takes (`updated_since`): only the records whose `updatedAt` is at or after this
 * instant, ISO 8601 in UTC as `Date.toISOString` writes it (`requireTimestamp`), the form every backend
 * compares with its stored timestamps. A range, so each repository writes it out beside its other filters.
 */
export interface UpdatedSince {
  updatedSince?: string;
}
