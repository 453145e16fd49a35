/**
 * Answers remembered by key in this process, a bounded number of them: past `capacity` the least recently
 * used one is let go. The requests that miss one key while its read runs share that read; a read that fails
 * fails every request that shared it and is not remembered.
 */
export interface Memo<V> {
  /** The answer remembered under `key`, without reading it: the way of a hit that must not wait. */
  get(key: string): V | undefined;
  /** The answer remembered under `key`, or `read`'s, shared with the requests that miss it meanwhile. */
  through(key: string, read: (key: string) => Promise<V>): Promise<V>;
}

export interface MemoOptions<V> {
  /** Answers remembered at most. */
  capacity: number;
  /** How long an answer is given again, counted from when its read began; without it, until it is let go. */
  forMs?: number;
  /**
   * What is remembered of `answer`, read under `key` (by default the answer itself); null or undefined:
   * nothing, and the next request reads again. The requests that shared the read get the answer either way.
   */
  remember?: (answer: V, key: string) => V | null | undefined;
}

/** Makes memos: a port, so that the application names what it remembers and for how long, not a cache library. */
export interface Memos {
  make<V>(options: MemoOptions<V>): Memo<V>;
}
