// The memory behind the list pages and totals given again (knex/shared/remembered-pages.ts, on lru-cache): an
// answer is given only at the version it was read at, which is part of its key, and what it holds is bounded
// by weight, least recently used first out.
import { expect } from 'chai';
import { VersionedMemo } from '../../../../../adapters/persistence/knex/shared/remembered-pages';

describe('VersionedMemo', () => {
  it('gives an answer again only at the version it was read at', () => {
    const memo = new VersionedMemo<string>(10);
    memo.set('page 1', 7, 'read at 7');
    expect(memo.get('page 1', 7)).to.equal('read at 7');
    expect(memo.get('page 1', 8)).to.equal(undefined);
    expect(memo.get('page 2', 7)).to.equal(undefined);
  });

  it('gives an answer read under several versions (deals, clients) only when every one is the same', async () => {
    const memo = new VersionedMemo<string>(10);
    expect(await memo.through('page 1', [3, 5], () => Promise.resolve('read at 3, 5'))).to.equal('read at 3, 5');
    expect(memo.get('page 1', [3, 5])).to.equal('read at 3, 5');
    expect([memo.get('page 1', [3, 6]), memo.get('page 1', [4, 5]), memo.get('page 1', 3)]).to.deep.equal([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('lets the answers of an older version go first: no request asks for them again', () => {
    const memo = new VersionedMemo<string>(3);
    memo.set('a', 7, 'A7');
    memo.set('b', 7, 'B7');
    // The version moves: each page is read again under the new one, and takes the place of an old one.
    memo.set('a', 8, 'A8');
    memo.set('b', 8, 'B8');
    memo.set('c', 8, 'C8');
    expect([memo.get('a', 8), memo.get('b', 8), memo.get('c', 8)]).to.deep.equal(['A8', 'B8', 'C8']);
    expect([memo.get('a', 7), memo.get('b', 7)]).to.deep.equal([undefined, undefined]);
  });

  it('holds at most its capacity in weight, letting the least recently used go first', () => {
    const memo = new VersionedMemo<string>(50);
    memo.set('a', 1, 'A', 20);
    memo.set('b', 1, 'B', 20);
    expect(memo.get('a', 1)).to.equal('A');
    memo.set('c', 1, 'C', 20);
    expect(memo.get('b', 1)).to.equal(undefined);
    expect(memo.get('a', 1)).to.equal('A');
    expect(memo.get('c', 1)).to.equal('C');
    // Two let go at once for a heavy one; one heavier than the whole capacity is not kept at all.
    memo.set('d', 1, 'D', 45);
    expect([memo.get('a', 1), memo.get('c', 1), memo.get('d', 1)]).to.deep.equal([undefined, undefined, 'D']);
    memo.set('e', 1, 'E', 51);
    expect([memo.get('d', 1), memo.get('e', 1)]).to.deep.equal(['D', undefined]);
  });

  it('weighs an answer set again under the same key once', () => {
    const memo = new VersionedMemo<string>(30);
    memo.set('a', 1, 'A', 20);
    memo.set('a', 1, 'A again', 20);
    memo.set('b', 1, 'B', 10);
    expect([memo.get('a', 1), memo.get('b', 1)]).to.deep.equal(['A again', 'B']);
    // Under a new version, the answer at the old one is the least recently used, and makes room first.
    memo.set('a', 2, 'A2', 20);
    memo.set('b', 2, 'B2', 10);
    expect([memo.get('a', 2), memo.get('b', 2), memo.get('a', 1)]).to.deep.equal(['A2', 'B2', undefined]);
  });

  it('reads an answer once for the requests that miss it together at one version, and remembers it', async () => {
    const memo = new VersionedMemo<string>(10);
    let reads = 0;
    let finish!: (value: string) => void;
    const read = () => {
      reads++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const together = [memo.through('total', 3, read), memo.through('total', 3, read), memo.through('total', 3, read)];
    expect(reads).to.equal(1);
    finish('1 204');
    expect(await Promise.all(together)).to.deep.equal(['1 204', '1 204', '1 204']);
    expect(await memo.through('total', 3, read)).to.equal('1 204');
    expect(reads).to.equal(1);
  });

  it('never gives a read made at one version to a request at another', async () => {
    const memo = new VersionedMemo<string>(10);
    const finishes: Array<(value: string) => void> = [];
    const read = () => new Promise<string>((resolve) => finishes.push(resolve));
    const older = memo.through('total', 3, read);
    const newer = memo.through('total', 4, read);
    expect(finishes).to.have.length(2);
    finishes[0]('read at 3');
    finishes[1]('read at 4');
    expect([await older, await newer]).to.deep.equal(['read at 3', 'read at 4']);
  });

  it('fails the requests that shared a read that failed, remembers nothing, and reads again next time', async () => {
    const memo = new VersionedMemo<string>(10);
    let reads = 0;
    let fail!: (err: Error) => void;
    const failing = () => {
      reads++;
      return new Promise<string>((_, reject) => (fail = reject));
    };
    const together = [memo.through('page', 1, failing), memo.through('page', 1, failing)];
    fail(new Error('connection lost'));
    for (const outcome of await Promise.allSettled(together)) expect(outcome).to.include({ status: 'rejected' });
    expect(await memo.through('page', 1, () => Promise.resolve('read again'))).to.equal('read again');
    expect(reads).to.equal(1);
  });

  it('weighs what it remembers from a read as told', async () => {
    const memo = new VersionedMemo<string[]>(3, (rows) => rows.length);
    await memo.through('a', 1, () => Promise.resolve(['x', 'y']));
    await memo.through('b', 1, () => Promise.resolve(['z', 'w']));
    expect([memo.get('a', 1), memo.get('b', 1)]).to.deep.equal([undefined, ['z', 'w']]);
  });

  it('holds no place for a read under way: the answers let go meanwhile do not fail it, and it is remembered', async () => {
    const memo = new VersionedMemo<string>(1);
    let finish!: (value: string) => void;
    const slow = memo.through('slow', 1, () => new Promise<string>((resolve) => (finish = resolve)));
    memo.set('x', 1, 'X');
    memo.set('y', 1, 'Y');
    finish('read slowly');
    expect(await slow).to.equal('read slowly');
    expect([memo.get('slow', 1), memo.get('y', 1)]).to.deep.equal(['read slowly', undefined]);
  });
});
