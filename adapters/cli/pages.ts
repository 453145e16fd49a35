import { CursorPage, KEYSET_DEFAULT_LIMIT, KEYSET_MAX_LIMIT } from '../../domain/shared/keyset';
import { CliArgs, CliFlag } from './cli';

/** The options of every newest-first list. */
export const PAGE_FLAGS: readonly CliFlag[] = [
  {
    name: 'limit',
    type: 'integer',
    description: `At most this many, newest first: 1 to ${KEYSET_MAX_LIMIT} (${KEYSET_DEFAULT_LIMIT} when absent).`,
  },
  { name: 'cursor', type: 'string', value: 'CURSOR', description: 'The next_cursor a previous page printed: lists the page after it.' },
];

export const pageArgs = (a: CliArgs): { limit?: number; cursor?: string } => ({ limit: a.integer('limit'), cursor: a.optional('cursor') });

/** What a list prints: `{ data, next_cursor }`, next_cursor null on the last page. */
export const listOutput = <T, P>(page: CursorPage<T>, present: (item: T) => P): { data: P[]; next_cursor: string | null } => ({
  data: page.items.map(present),
  next_cursor: page.nextCursor,
});
