import { expect } from 'chai';
import { KeysetPage, KeysetPosition, KeysetQuery } from '../../domain/shared/keyset';

let seq = 0;
/** A fresh UUID, greater than every one made before it in this process. */
export const keysetId = (): string => `0190c000-0000-7000-8000-${String(++seq).padStart(12, '0')}`;

/** Every page of a newest-first list, `limit` at a time: each page full but the last, and the items in order. */
export async function walkPages<T>(limit: number, read: (q: KeysetQuery) => Promise<KeysetPage<T>>): Promise<T[][]> {
  const pages: T[][] = [];
  let after: KeysetPosition | null = null;
  for (;;) {
    const page: KeysetPage<T> = await read({ limit, after });
    pages.push(page.items);
    if (page.next === null) return pages;
    expect(page.items, 'a page with a next position is full').to.have.length(limit);
    after = page.next;
    expect(pages.length, 'the walk ends').to.be.below(100);
  }
}

/**
 * The contract of a newest-first list: `insert(at, id)` stores one item (of a scope nothing else writes to)
 * and returns it as the list reads it back. Five items, three of them at the same millisecond, inserted in
 * no particular order: the list is newest first with the id breaking ties, and walking it one, two or five
 * at a time gives each item exactly once, the next position being the last item's.
 */
export async function checkNewestFirst<T>(
  insert: (at: string, id: string) => Promise<T>,
  read: (q: KeysetQuery) => Promise<KeysetPage<T>>,
  positionOf: (item: T) => KeysetPosition,
): Promise<void> {
  const t = (s: number) => new Date(Date.UTC(2026, 2, 1, 12, 0, s, 250)).toISOString();
  const ids = [keysetId(), keysetId(), keysetId(), keysetId(), keysetId()];
  const made: T[] = [];
  for (const [at, id] of [
    [t(3), ids[1]],
    [t(1), ids[4]],
    [t(3), ids[3]],
    [t(2), ids[0]],
    [t(3), ids[2]],
  ])
    made.push(await insert(at, id));
  const expected = [made[2], made[4], made[0], made[3], made[1]]; // t(3) by id descending, then t(2), then t(1)

  const all = await read({ limit: 500, after: null });
  expect(all.items).to.deep.equal(expected);
  expect(all.next).to.equal(null);
  for (const limit of [1, 2, 5]) {
    const pages = await walkPages(limit, read);
    expect(pages.flat(), `limit ${limit}`).to.deep.equal(expected);
    expect(pages, `limit ${limit}`).to.have.length(Math.ceil(expected.length / limit));
  }
  const first = await read({ limit: 2, after: null });
  expect(first.next).to.deep.equal(positionOf(expected[1]));
  expect(await read({ limit: 2, after: positionOf(expected[4]) })).to.deep.equal({ items: [], next: null });
}
