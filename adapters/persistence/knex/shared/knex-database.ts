import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { UnitOfWork } from '../../../../application/shared/unit-of-work';
import { ConnectionSource, Dialect, PgReader, SqliteConnection, SqliteReader, readOn, runOn } from './connection';
import { RowWrite, chainedStatement, insertStatement, rowOf } from './row-writes';
import { SqliteGroupCommit } from './sqlite-group-commit';

/**
 * The transaction code runs in, while its unit runs: a unit that ended is closed even while its SQLite
 * batch goes on, so work it started and that runs later does not write into another unit's savepoint.
 */
interface Scope {
  trx: Knex.Transaction;
  open: boolean;
  /** SQLite: the connection the transaction runs on, for the hot reads and writes made straight on it. */
  connection?: SqliteConnection;
  /** PostgreSQL: the slot of the team rows many writers move (`slot`), the same for the whole transaction. */
  slot?: number;
}

/** PostgreSQL: the rows a team's version and each kept count are spread over (../README.md, "PostgreSQL"). */
const WRITE_SLOTS = 16;

/** A PostgreSQL statement's name for a text: the same on every connection, different per text. */
interface PgStatement {
  /** The text as PostgreSQL takes it: each `?` a numbered placeholder (`$1`, `$2`…). */
  text: string;
  name: string;
}
const pgStatements = new LRUCache<string, PgStatement>({ max: 1000 });

function pgStatement(sql: string): PgStatement {
  let statement = pgStatements.get(sql);
  if (statement === undefined) {
    // Knex reads `\?` as a question mark; no text here writes one, so none is taken for what it is not.
    if (sql.includes('\\?')) throw new Error(`rows takes no escaped placeholder: ${sql}`);
    let n = 0;
    const name = `ws_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`;
    pgStatements.set(sql, (statement = { text: sql.replace(/\?/g, () => `$${++n}`), name }));
  }
  return statement;
}

/**
 * The Knex handle every repository queries through. Inside a unit of work it is the open transaction,
 * so repositories join it without being told. Which entry point to use for what: README.md beside this
 * folder.
 */
export class KnexDatabase {
  private readonly current = new AsyncLocalStorage<Scope>();
  /** SQLite: the queue that batches units of work into shared commits. */
  private readonly group?: SqliteGroupCommit;
  /** The next transaction's slot; from the process id, so the processes of one node start apart. */
  private nextSlot = process.pid % WRITE_SLOTS;
  /** The slot `writeRows` gives the rows it builds outside a transaction, while it builds them. */
  private pinnedSlot: number | undefined;

  /** `reader`: the connections of the hot reads outside a unit of work (`rows`), if any. */
  constructor(
    readonly knex: Knex,
    readonly dialect: Dialect,
    private readonly reader?: SqliteReader | PgReader,
  ) {
    if (dialect === 'sqlite') {
      this.group = new SqliteGroupCommit(knex, async (work, trx, connection) => {
        const scope: Scope = { trx, open: true, connection };
        try {
          return await this.current.run(scope, work);
        } finally {
          scope.open = false;
        }
      });
    }
  }

  async close(): Promise<void> {
    await this.reader?.close();
    await this.knex.destroy();
  }

  /** Knex's query builder: the open transaction inside a unit of work, else the pool. */
  get db(): Knex | Knex.Transaction {
    return this.open() ?? this.knex;
  }

  get inTransaction(): boolean {
    return this.open() !== undefined;
  }

  /** The slot of the shared rows this transaction moves: PostgreSQL's own per transaction; SQLite's 0. */
  get slot(): number {
    if (this.dialect === 'sqlite') return 0;
    return this.current.getStore()?.slot ?? this.pinnedSlot ?? this.takeSlot();
  }

  private takeSlot(): number {
    const slot = this.nextSlot;
    this.nextSlot = (slot + 1) % WRITE_SLOTS;
    return slot;
  }

  /**
   * The transaction of the unit this code runs in, while it is open: work started inside a unit and run
   * after it ended (a dispatch kicked by the deal it created) keeps its async context, but no transaction.
   */
  private open(): Knex.Transaction | undefined {
    const scope = this.current.getStore();
    return scope && scope.open && !scope.trx.isCompleted() ? scope.trx : undefined;
  }

  /** The SQLite connection of the open unit of work, for the statements run straight on it. */
  private sqliteConnection(): SqliteConnection | undefined {
    const scope = this.current.getStore();
    return scope?.connection && scope.open && !scope.trx.isCompleted() ? scope.connection : undefined;
  }

  /**
   * A read of the hot paths, each row the array of its columns (mapped by position): outside a unit of
   * work on the reader's connections, inside on the unit's; compiled or named once per text.
   */
  async rows(sql: string, bindings: readonly unknown[]): Promise<unknown[][]> {
    if (this.dialect === 'sqlite') {
      const connection = this.sqliteConnection();
      if (connection) return readOn(connection, sql, bindings);
      if (!this.open() && this.reader) return (this.reader as SqliteReader).rows(sql, bindings);
      return this.onPooledSqlite((pooled) => readOn(pooled, sql, bindings));
    }
    const statement = pgStatement(sql);
    const trx = this.open();
    if (!trx && this.reader) return (this.reader as PgReader).rows({ ...statement, values: bindings });
    // `options` are handed to node-postgres with the query (Knex's documented pass-through).
    const result = (await (trx ?? this.knex)
      .raw(sql, bindings as Knex.RawBinding[])
      .options({ rowMode: 'array', name: statement.name })) as { rows: unknown[][] };
    return result.rows;
  }

  /** SQLite without a reader (an in-memory database): the pooled connection, taken as Knex takes it. */
  private async onPooledSqlite<T>(use: (connection: SqliteConnection) => T): Promise<T> {
    const client = this.knex.client as ConnectionSource;
    const connection = (await client.acquireConnection()) as SqliteConnection;
    try {
      return use(connection);
    } finally {
      await client.releaseConnection(connection);
    }
  }

  /** A write of the hot paths, its text written once: on the SQLite unit's connection, or a named statement. */
  async write(sql: string, bindings: readonly unknown[]): Promise<void> {
    await this.change(sql, bindings);
  }

  /** A write of the hot paths, as `write`, answering how many rows it changed. */
  async change(sql: string, bindings: readonly unknown[]): Promise<number> {
    const connection = this.sqliteConnection();
    if (connection) return runOn(connection, sql, bindings);
    const query = (this.open() ?? this.knex).raw(sql, bindings as Knex.RawBinding[]);
    const result = (await (this.dialect === 'postgres' ? query.options({ name: pgStatement(sql).name }) : query)) as {
      rowCount?: number;
      changes?: number;
    };
    return result.rowCount ?? result.changes ?? 0;
  }

  /**
   * Inserts one row through `write`. A column whose value is undefined is left out, so it takes its
   * default, as Knex's builder gives it.
   */
  insert(table: string, row: Readonly<Record<string, unknown>>): Promise<void> {
    const { sql, bindings } = insertStatement(rowOf(table, row));
    return this.write(sql, bindings);
  }

  /**
   * The rows `build` makes, written together in their order: on PostgreSQL one statement, atomic on its own
   * (outside a unit of work, one round trip, its rows built on one slot); on SQLite one by one in the open
   * unit of work or one of their own. No two may be the same row.
   */
  async writeRows(build: () => readonly RowWrite[]): Promise<void> {
    if (this.dialect === 'sqlite') {
      const writeEach = async () => {
        for (const row of build()) {
          const { sql, bindings } = insertStatement(row);
          await this.write(sql, bindings);
        }
      };
      return this.open() ? writeEach() : this.transaction(writeEach);
    }
    let rows: readonly RowWrite[];
    if (this.open()) rows = build();
    else {
      this.pinnedSlot = this.takeSlot();
      try {
        rows = build();
      } finally {
        this.pinnedSlot = undefined;
      }
    }
    if (rows.length === 0) return;
    const { sql, bindings } = chainedStatement(rows);
    await this.write(sql, bindings);
  }

  /**
   * Runs `work` in a transaction, or in the one already open; `savepoint` makes a nested run a savepoint,
   * undone alone when it fails. On SQLite a transaction of its own is a unit of the group commit.
   */
  transaction<T>(work: () => Promise<T>, options: { savepoint?: boolean } = {}): Promise<T> {
    const outer = this.open();
    if (outer) {
      if (!options.savepoint) return work();
      const { connection, slot } = this.current.getStore()!;
      return outer.transaction((nested) => this.current.run({ trx: nested, open: true, connection, slot }, work));
    }
    if (this.group) return this.group.run(work);
    const slot = this.takeSlot();
    return this.knex.transaction((trx) => this.current.run({ trx, open: true, slot }, work));
  }
}

export class KnexUnitOfWork implements UnitOfWork {
  constructor(private readonly database: KnexDatabase) {}

  /** A use case run inside another's unit is a savepoint of it (see KnexDatabase.transaction). */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.database.transaction(work, { savepoint: true });
  }
}
