import { LRUCache } from 'lru-cache';
import { Stopwatch } from '../../application/shared/clock';
import { Memo, MemoOptions, Memos } from '../../application/shared/memo';

export interface LruMemoOptions<V> extends MemoOptions<V> {
  /**
   * What an answer weighs, a whole number of at least 1 (a page: its rows); `capacity` is then the weight
   * held in all, and an answer heavier than all of it is not remembered. Without it, each weighs 1.
   */
  weigh?: (answer: V) => number;
  /** The time `forMs` is counted on; required with it. */
  stopwatch?: Stopwatch;
}

/**
 * A `Memo` on `lru-cache`, which keeps the answers: the bound in count or weight, the least recently used
 * let go first, and how long each is given (`forMs`, lru-cache's TTL, on the stopwatch).
 *
 * The reads under way are shared through a map of their own rather than lru-cache's `fetch`: an answer that
 * is not remembered (`remember`) must still reach every request that shared its read, which `fetch` only
 * does by storing it; a read under way there takes a place among the answers, and one pushed out fails its
 * requests (or, told to ignore that, is no longer shared); and `fetch` answers a hit through an async
 * function, where a hit here costs one lookup.
 */
export class LruMemo<V> implements Memo<V> {
  private readonly kept: LRUCache<string, NonNullable<V>>;
  /** The reads `through` has under way, by key. */
  private readonly reading = new Map<string, Promise<V>>();
  private readonly remember: (answer: V, key: string) => V | null | undefined;
  private readonly stopwatch: Stopwatch | undefined;
  /** Each answer's TTL, when answers are given for a while (see the constructor). */
  private readonly ttl: number | undefined;

  constructor(options: LruMemoOptions<V>) {
    const { capacity, forMs, weigh, stopwatch } = options;
    this.remember = options.remember ?? ((answer) => answer);
    const cacheOptions: LRUCache.Options<string, NonNullable<V>, unknown> = weigh
      ? { maxSize: capacity, sizeCalculation: (answer) => weigh(answer) }
      : { max: capacity };
    if (forMs !== undefined) {
      if (!stopwatch) throw new TypeError('LruMemo: forMs is counted on a stopwatch, and none was given');
      if (!(forMs > 0)) throw new TypeError(`LruMemo: forMs must be more than 0, not ${forMs}`);
      // lru-cache gives an entry while now - start <= ttl, and takes a start of 0 for "no TTL". The memo
      // lets an answer go once `forMs` has passed since its read began (exactly then, as a revocation that
      // waits `forMs` counts on): the cache's clock is the stopwatch's plus 1, so no start is 0, and an
      // entry's TTL is a hair under `forMs`. The cache's own TTL only turns the tracking on.
      this.stopwatch = stopwatch;
      this.ttl = forMs * (1 - Number.EPSILON);
      cacheOptions.ttl = Math.ceil(forMs);
      // Reads the stopwatch at every look rather than a reading kept for a millisecond by a timer.
      cacheOptions.ttlResolution = 0;
      cacheOptions.perf = { now: () => stopwatch.elapsedMs() + 1 };
    }
    this.kept = new LRUCache(cacheOptions);
  }

  get(key: string): V | undefined {
    return this.kept.get(key);
  }

  /** Remembers `answer` under `key` as a read would (`remember`, then weighed), or lets `key` go. */
  set(key: string, answer: V, size?: number): void {
    this.keep(key, answer, this.stopwatch?.elapsedMs() ?? 0, size);
  }

  through(key: string, read: (key: string) => Promise<V>): Promise<V> {
    const hit = this.kept.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let shared = this.reading.get(key);
    if (shared === undefined) {
      const began = this.stopwatch?.elapsedMs() ?? 0;
      shared = read(key).then(
        (answer) => {
          this.reading.delete(key);
          this.keep(key, answer, began);
          return answer;
        },
        (err: unknown) => {
          this.reading.delete(key);
          throw err;
        },
      );
      this.reading.set(key, shared);
    }
    return shared;
  }

  private keep(key: string, answer: V, began: number, size?: number): void {
    const kept = this.remember(answer, key);
    if (kept === null || kept === undefined) this.kept.delete(key);
    else if (this.ttl !== undefined) this.kept.set(key, kept, { start: began + 1, ttl: this.ttl, size });
    else if (size !== undefined) this.kept.set(key, kept, { size });
    else this.kept.set(key, kept);
  }
}

/** Makes `LruMemo`s whose answers given for a while are counted on `stopwatch`. */
export class LruMemos implements Memos {
  constructor(private readonly stopwatch: Stopwatch) {}

  make<V>(options: MemoOptions<V>): Memo<V> {
    return new LruMemo<V>({ ...options, stopwatch: this.stopwatch });
  }
}
