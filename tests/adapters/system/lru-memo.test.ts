// The one cache of the process (adapters/system/lru-memo.ts, on lru-cache), behind the `Memo` port: answers
// bounded in count or weight, the least recently used let go first, given for a while counted from when
// their read began, and the requests that miss one key together sharing one read.
import { expect } from 'chai';
import { LruMemo, LruMemos } from '../../../adapters/system/lru-memo';
import { Stopwatch } from '../../../application/shared/clock';

/** Time moved by the test, from 0. */
class FakeStopwatch implements Stopwatch {
  at = 0;
  elapsedMs(): number {
    return this.at;
  }
  wait(): Promise<void> {
    throw new Error('not used');
  }
}

describe('LruMemo', () => {
  it('keeps at most its capacity of answers, letting the least recently used go first', async () => {
    const memo = new LruMemo<string>({ capacity: 2 });
    await memo.through('a', async () => 'A');
    await memo.through('b', async () => 'B');
    expect(memo.get('a')).to.equal('A');
    await memo.through('c', async () => 'C');
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).to.deep.equal(['A', undefined, 'C']);
  });

  it('gives an answer for `forMs` from when its read began, and no longer, even when the clock starts at 0', async () => {
    const stopwatch = new FakeStopwatch();
    const memo = new LruMemos(stopwatch).make<string>({ capacity: 10, forMs: 1000 });
    let finish!: (value: string) => void;
    let reads = 0;
    const read = () => {
      reads++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = memo.through('key', read);
    stopwatch.at = 400;
    finish('read at 0');
    expect(await first).to.equal('read at 0');
    stopwatch.at = 999;
    expect(memo.get('key')).to.equal('read at 0');
    stopwatch.at = 1000;
    expect(memo.get('key'), 'gone once 1000 ms have passed since the read began').to.equal(undefined);
    const again = memo.through('key', read);
    finish('read at 1000');
    expect([await again, reads]).to.deep.equal(['read at 1000', 2]);
    stopwatch.at = 1999.5;
    expect(memo.get('key')).to.equal('read at 1000');
    stopwatch.at = 2000;
    expect(memo.get('key')).to.equal(undefined);
  });

  it('shares a read whose answer it does not remember, and reads again next time', async () => {
    const memo = new LruMemo<string | null>({ capacity: 10, remember: (answer) => (answer === 'keep' ? answer : null) });
    let reads = 0;
    let finish!: (value: string | null) => void;
    const read = () => {
      reads++;
      return new Promise<string | null>((resolve) => (finish = resolve));
    };
    const together = [memo.through('k', read), memo.through('k', read)];
    finish(null);
    expect(await Promise.all(together)).to.deep.equal([null, null]);
    expect(reads).to.equal(1);
    const next = memo.through('k', read);
    finish('keep');
    expect([await next, reads, memo.get('k')]).to.deep.equal(['keep', 2, 'keep']);
  });

  it('remembers what `remember` makes of an answer, the requests that shared the read getting the answer itself', async () => {
    const memo = new LruMemo<{ n: number }>({ capacity: 10, remember: (answer, key) => Object.freeze({ n: answer.n + key.length }) });
    const read = { n: 1 };
    expect(await memo.through('kk', async () => read)).to.equal(read);
    expect(memo.get('kk')).to.deep.equal({ n: 3 });
    expect(Object.isFrozen(memo.get('kk'))).to.equal(true);
  });

  it('fails every request that shared a failed read, and remembers nothing of it', async () => {
    const memo = new LruMemo<string>({ capacity: 10 });
    let fail!: (err: Error) => void;
    const together = [1, 2].map(() => memo.through('k', () => new Promise<string>((_, reject) => (fail = reject))));
    fail(new Error('connection lost'));
    for (const outcome of await Promise.allSettled(together)) expect(outcome).to.deep.include({ status: 'rejected' });
    expect(memo.get('k')).to.equal(undefined);
    expect(await memo.through('k', async () => 'read again')).to.equal('read again');
  });

  it('weighs each answer as told, and does not keep one heavier than its whole capacity', async () => {
    const memo = new LruMemo<string[]>({ capacity: 3, weigh: (rows) => Math.max(1, rows.length) });
    await memo.through('a', async () => ['x', 'y']);
    await memo.through('empty', async () => []);
    expect([memo.get('a'), memo.get('empty')]).to.deep.equal([['x', 'y'], []]);
    await memo.through('b', async () => ['z', 'w']);
    expect([memo.get('a'), memo.get('empty'), memo.get('b')]).to.deep.equal([undefined, [], ['z', 'w']]);
    expect(await memo.through('heavy', async () => ['1', '2', '3', '4'])).to.have.length(4);
    expect([memo.get('heavy'), memo.get('b')]).to.deep.equal([undefined, ['z', 'w']]);
  });

  it('counts `forMs` only on a stopwatch', () => {
    expect(() => new LruMemo<string>({ capacity: 1, forMs: 1000 })).to.throw(TypeError, /stopwatch/);
    expect(() => new LruMemo<string>({ capacity: 1, forMs: 0, stopwatch: new FakeStopwatch() })).to.throw(TypeError, /more than 0/);
  });
});
