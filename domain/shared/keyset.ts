// Lists that may grow without end (deliveries, runs, keys…), read newest first a page at a time. A page
// starts after the last item of the previous one (its timestamp and id), not at an offset: rows written
// meanwhile neither repeat nor skip an item, and a page costs the same however deep it is.
import { ValidationFailed } from './errors';
import { isUuid } from './values';

export const KEYSET_DEFAULT_LIMIT = 50;
export const KEYSET_MAX_LIMIT = 500;

/** Where a page ends: the timestamp (ISO, in UTC) and id of its last item. */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** Newest first (timestamp, then id, both descending), at most `limit` items after `after`. */
export interface KeysetQuery {
  limit: number;
  after: KeysetPosition | null;
}

export interface KeysetPage<T> {
  items: T[];
  /** The position to continue from; null when this page holds the last item. */
  next: KeysetPosition | null;
}

/** A page as a use case answers it: the next page named by an opaque cursor. */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface CursorCommand {
  /** 1 to 500; 50 when absent. */
  limit?: number;
  /** The `nextCursor` of the previous page; the first page when absent. */
  cursor?: string;
}

// `<timestamp>_<id>`: readable when pasted back into a shell, but only ever produced by `cursorOf`.
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/;

export const cursorOf = (p: KeysetPosition): string => `${p.at}_${p.id}`;

export function positionOf(cursor: string): KeysetPosition {
  const m = CURSOR.exec(cursor);
  if (!m || !isUuid(m[2]) || Number.isNaN(Date.parse(m[1])) || new Date(m[1]).toISOString() !== m[1]) {
    throw new ValidationFailed('cursor must be the next_cursor of a previous page', 'cursor');
  }
  return { at: m[1], id: m[2] };
}

/** The query of a cursor command, its limit and cursor checked. */
export function keysetQueryOf(command: CursorCommand): KeysetQuery {
  const limit = command.limit ?? KEYSET_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > KEYSET_MAX_LIMIT) {
    throw new ValidationFailed(`limit must be a whole number from 1 to ${KEYSET_MAX_LIMIT}`, 'limit');
  }
  return { limit, after: command.cursor === undefined ? null : positionOf(command.cursor) };
}

export const cursorPageOf = <T>(page: KeysetPage<T>): CursorPage<T> => ({
  items: page.items,
  nextCursor: page.next ? cursorOf(page.next) : null,
});

/** Whether `a` comes before `b` newest first: later timestamp, or the same one and a greater id. */
export const isNewerThan = (a: KeysetPosition, b: KeysetPosition): boolean => a.at > b.at || (a.at === b.at && a.id > b.id);
