import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Knex } from 'knex';
import { UnitOfWork } from '../../../../application/shared/unit-of-work';
import { Dialect, SQLITE_BUSY_TIMEOUT_MS, SQLITE_WRITE_LOCK, SqliteReader } from './connection';

const statementNames = new Map<string, string>();
const STATEMENT_NAMES = 1000;

/** A PostgreSQL prepared statement's name for a text: the same on every connection, different per text. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    if (statementNames.size >= STATEMENT_NAMES) statementNames.clear();
    name = `ws_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * The Knex handle every repository queries through. Inside a unit of work it is the open transaction,
 * so repositories join it without being told.
 */
export class KnexDatabase {
  private readonly current = new AsyncLocalStorage<Knex.Transaction>();
  /** The end of the last SQLite unit of work this process started (`transaction`). */
  private sqliteTurn: Promise<unknown> = Promise.resolve();

  /** `reader`: SQLite's connection for the hot reads outside a unit of work (`rows`), if any. */
  constructor(
    readonly knex: Knex,
    readonly dialect: Dialect,
    private readonly reader?: SqliteReader,
  ) {}

  async close(): Promise<void> {
    this.reader?.close();
    await this.knex.destroy();
  }

  get db(): Knex | Knex.Transaction {
    return this.open() ?? this.knex;
  }

  get inTransaction(): boolean {
    return this.open() !== undefined;
  }

  /**
   * The transaction of the unit this code runs in, while it is open. Callbacks keep the async context
   * they were scheduled in, so work started inside a unit and run after it ended (a dispatch kicked by
   * the deal it created) still finds the unit's transaction: a closed one is no transaction.
   */
  private open(): Knex.Transaction | undefined {
    const trx = this.current.getStore();
    return trx && !trx.isCompleted() ? trx : undefined;
  }

  /**
   * A read of the hot paths: each row as the array of its columns, in the order selected, which spares
   * building an object key by key per row (the mapper reads columns by position). `sql` uses `?`
   * placeholders; SQLite keeps its compiled statement, so the same text costs no compilation again.
   */
  async rows(sql: string, bindings: readonly unknown[]): Promise<unknown[][]> {
    const trx = this.open();
    // Outside a unit of work SQLite reads on its own connection, at once (openSqliteReader).
    if (!trx && this.reader) return this.reader.rows(sql, bindings);
    const query = (trx ?? this.knex).raw(sql, bindings as Knex.RawBinding[]);
    if (this.dialect === 'sqlite') return (await query.options({ rowMode: 'array' })) as unknown[][];
    // A named statement: each PostgreSQL connection parses and plans it once, then only binds and runs it.
    const result = (await query.options({ rowMode: 'array', name: statementName(sql) })) as { rows: unknown[][] };
    return result.rows;
  }

  /**
   * Runs `work` in a transaction, or in the one already open (a repository keeping a row and its counts
   * together joins the use case's transaction). `savepoint` makes a nested run a savepoint instead: when
   * it fails it is undone on its own and the outer transaction goes on (on PostgreSQL a refused statement,
   * such as a unique key lost to a concurrent writer, would otherwise abort the whole transaction).
   */
  transaction<T>(work: () => Promise<T>, options: { savepoint?: boolean } = {}): Promise<T> {
    const outer = this.open();
    if (outer) return options.savepoint ? outer.transaction((nested) => this.current.run(nested, work)) : work();
    if (this.dialect !== 'sqlite') return this.knex.transaction((trx) => this.current.run(trx, work));
    // One unit at a time in this process (its one connection takes them one by one anyway), so that a
    // single one waits for another process's lock instead of every unit queued behind it polling.
    const unit = this.sqliteTurn.then(() => this.sqliteTransaction(work));
    this.sqliteTurn = unit.catch(() => undefined);
    return unit;
  }

  /**
   * SQLite starts a transaction as a reader and upgrades at its first write; if another process wrote in
   * between, the upgrade fails at once (SQLITE_BUSY_SNAPSHOT) instead of waiting. So a unit first takes the
   * write lock with a no-op write (like BEGIN IMMEDIATE; SQLITE_WRITE_LOCK). That write never waits: while
   * another process holds the lock the unit is rolled back before its work began and tried again shortly,
   * without blocking the process, whose reads and requests go on meanwhile (SQLite's own wait would sleep
   * in the event loop's thread). After SQLITE_BUSY_TIMEOUT_MS it fails with SQLITE_BUSY, as SQLite's would.
   */
  private async sqliteTransaction<T>(work: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
    for (let attempt = 0; ; attempt++) {
      let locked = false;
      try {
        return await this.knex.transaction(async (trx) => {
          await trx.raw(SQLITE_WRITE_LOCK);
          locked = true;
          return this.current.run(trx, work);
        });
      } catch (err) {
        if (locked || !isBusy(err) || Date.now() >= deadline) throw err;
        // The lock is usually held for a commit (well under a millisecond): look again at once at first,
        // then every millisecond.
        await new Promise<void>((resume) => (attempt < 2 ? setImmediate(resume) : setTimeout(resume, 1)));
      }
    }
  }
}

const isBusy = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
};

export class KnexUnitOfWork implements UnitOfWork {
  constructor(private readonly database: KnexDatabase) {}

  /** A use case run inside another's unit is a savepoint of it (see KnexDatabase.transaction). */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.database.transaction(work, { savepoint: true });
  }
}
