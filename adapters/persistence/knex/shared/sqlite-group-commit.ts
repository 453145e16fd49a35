import { Knex } from 'knex';
import { ConnectionSource, SQLITE_BUSY_TIMEOUT_MS, SqliteConnection, optimizeIfDue, runOn, takeWriteLock } from './connection';

/** At most this many SQLite units of work share a transaction and its commit. */
const BATCH_UNITS = 100;
/** No unit joins a batch that began this many ms ago: its first units wait for its commit. */
const BATCH_MS = 10;

/** Runs one unit's work with the batch's transaction and connection as the unit's own; `end` closes it. */
export type UnitRunner = <T>(work: () => Promise<T>, trx: Knex.Transaction, connection: SqliteConnection) => Promise<T>;

/** A unit of work waiting for its batch, how to answer it, and when it stops waiting for another process's lock. */
interface QueuedUnit {
  work: () => Promise<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  deadline: number;
}

const isBusy = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
};

/**
 * SQLite's group commit (../README.md, "SQLite"): units of work run in batches, one transaction and one
 * wait for the disk each, every unit in a savepoint of its own and answered only once its batch committed.
 */
export class SqliteGroupCommit {
  /** Units waiting for their batch, oldest first. */
  private readonly queued: QueuedUnit[] = [];
  /** True while `commitQueued` runs. */
  private committing = false;

  constructor(
    private readonly knex: Knex,
    private readonly runUnit: UnitRunner,
  ) {}

  /** Runs `work` in the next batch; answers once the batch holding its writes has committed. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queued.push({ work, resolve, reject, deadline: Date.now() + SQLITE_BUSY_TIMEOUT_MS });
      if (!this.committing) void this.commitQueued();
    });
  }

  /**
   * Commits batch after batch until none is left: one batch waits for another process's lock, and a unit
   * that waited SQLITE_BUSY_TIMEOUT_MS fails with SQLITE_BUSY, as SQLite's own wait would.
   */
  private async commitQueued(): Promise<void> {
    this.committing = true;
    try {
      for (let attempt = 0; this.queued.length > 0;) {
        const busy = await this.commitBatch();
        if (busy === undefined) {
          attempt = 0;
          continue;
        }
        const now = Date.now();
        while (this.queued.length > 0 && this.queued[0].deadline <= now) this.queued.shift()!.reject(busy);
        // The lock is usually held for a commit (well under a millisecond): look again at once at first,
        // then every millisecond.
        await new Promise<void>((resume) => (attempt++ < 2 ? setImmediate(resume) : setTimeout(resume, 1)));
      }
    } finally {
      this.committing = false;
    }
  }

  /**
   * One transaction for the units queued now and those that queue while it runs (up to BATCH_UNITS, for
   * BATCH_MS). It takes the write lock first, without waiting (a reader upgraded later would fail with
   * SQLITE_BUSY_SNAPSHOT): while another process holds it, the SQLITE_BUSY error is returned to try again.
   */
  private async commitBatch(): Promise<unknown> {
    const done: Array<[QueuedUnit, unknown]> = [];
    let running: QueuedUnit | undefined;
    let locked: SqliteConnection | undefined;
    try {
      await this.knex.transaction(async (trx) => {
        // The transaction's own connection: Knex's client gives a transaction the one it began on.
        const connection = (await (trx.client as ConnectionSource).acquireConnection()) as SqliteConnection;
        optimizeIfDue(connection);
        takeWriteLock(connection);
        locked = connection;
        const started = Date.now();
        while (this.queued.length > 0 && done.length < BATCH_UNITS && (done.length === 0 || Date.now() - started < BATCH_MS)) {
          const unit = (running = this.queued.shift()!);
          runOn(connection, 'savepoint ws_unit');
          try {
            const value = await this.runUnit(unit.work, trx, connection);
            runOn(connection, 'release ws_unit');
            done.push([unit, value]);
          } catch (err) {
            running = undefined;
            unit.reject(err);
            // If the database ended the whole transaction (a disk error), this throws and the batch fails.
            runOn(connection, 'rollback to ws_unit');
            runOn(connection, 'release ws_unit');
          }
          running = undefined;
        }
      });
    } catch (err) {
      if (locked === undefined && isBusy(err)) return err;
      // Any other failure to begin (no lock table, a disk error) would fail the next batch the same way:
      // the units waiting now fail with it instead of being tried again forever.
      if (locked === undefined) {
        for (const unit of this.queued.splice(0)) unit.reject(err);
        return undefined;
      }
      // A refused COMMIT leaves SQLite's transaction open on the one connection: Knex does not roll it back.
      if (locked?.inTransaction) runOn(locked, 'rollback');
      running?.reject(err);
      for (const [unit] of done) unit.reject(err);
      return undefined;
    }
    for (const [unit, value] of done) unit.resolve(value);
    return undefined;
  }
}
