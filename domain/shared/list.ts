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
