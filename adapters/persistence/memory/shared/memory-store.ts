import { AsyncLocalStorage } from 'node:async_hooks';
import { UnitOfWork } from '../../../../application/shared/unit-of-work';

type Table = Map<string, unknown>;

/**
 * All in-memory tables of one process. Rows are stored as deep copies, so an entity changed in memory is
 * only persisted by an explicit write, exactly as with SQL.
 */
export class MemoryStore {
  private tables = new Map<string, Table>();

  table<T>(name: string): MemoryTable<T> {
    let t = this.tables.get(name);
    if (!t) {
      t = new Map();
      this.tables.set(name, t);
    }
    return new MemoryTable<T>(t as Map<string, T>);
  }

  snapshot(): Map<string, Table> {
    return new Map([...this.tables].map(([k, v]) => [k, new Map(v)]));
  }

  restore(snapshot: Map<string, Table>): void {
    this.tables = snapshot;
  }
}

export class MemoryTable<T> {
  constructor(private readonly rows: Map<string, T>) {}

  get(key: string): T | undefined {
    const row = this.rows.get(key);
    return row === undefined ? undefined : structuredClone(row);
  }

  has(key: string): boolean {
    return this.rows.has(key);
  }

  set(key: string, row: T): void {
    this.rows.set(key, structuredClone(row));
  }

  delete(key: string): boolean {
    return this.rows.delete(key);
  }

  /** Copies of every row with its key, for rewriting rows in place. */
  entries(): [string, T][] {
    return [...this.rows.entries()].map(([k, r]) => [k, structuredClone(r)]);
  }

  /** Copies of every row, for filtering. */
  all(): T[] {
    return [...this.rows.values()].map((r) => structuredClone(r));
  }

  find(predicate: (row: T) => boolean): T | undefined {
    for (const row of this.rows.values()) if (predicate(row)) return structuredClone(row);
    return undefined;
  }

  filter(predicate: (row: T) => boolean): T[] {
    return [...this.rows.values()].filter(predicate).map((r) => structuredClone(r));
  }
}

/**
 * Transactions one at a time; a failed one restores the tables as they were. A nested run (a use case
 * calling another) is part of the open transaction, and one that fails restores only what it wrote, like
 * a savepoint.
 */
export class MemoryUnitOfWork implements UnitOfWork {
  private readonly current = new AsyncLocalStorage<true>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: MemoryStore) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.current.getStore()) {
      const before = this.store.snapshot();
      return work().catch((err) => {
        this.store.restore(before);
        throw err;
      });
    }
    const next = this.queue.then(async () => {
      const before = this.store.snapshot();
      try {
        return await this.current.run(true, work);
      } catch (err) {
        this.store.restore(before);
        throw err;
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
