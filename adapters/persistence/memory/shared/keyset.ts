import { KeysetPage, KeysetPosition, KeysetQuery, isNewerThan } from '../../../../domain/shared/keyset';

/** One page of a newest-first list, as the SQL adapters answer it (`newestFirstPage`). */
export function newestFirstPageOf<T>(rows: T[], q: KeysetQuery, positionOf: (row: T) => KeysetPosition): KeysetPage<T> {
  const { after } = q;
  const sorted = rows
    .filter((r) => !after || isNewerThan(after, positionOf(r)))
    .sort((a, b) => (isNewerThan(positionOf(a), positionOf(b)) ? -1 : isNewerThan(positionOf(b), positionOf(a)) ? 1 : 0));
  const items = sorted.slice(0, q.limit);
  return { items, next: sorted.length > q.limit ? positionOf(items[items.length - 1]) : null };
}
