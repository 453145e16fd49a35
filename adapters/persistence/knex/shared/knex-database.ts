import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Knex } from 'knex';
import { UnitOfWork } from '../../../../application/shared/unit-of-work';
import { Dialect, PgReader, SQLITE_BUSY_TIMEOUT_MS, SQLITE_WRITE_LOCK, SqliteConnection, SqliteReader, runOn } from './connection';

/** At most this many SQLite units of work share a transaction and its commit. */
const SQLITE_BATCH_UNITS = 100;
/** No unit joins a SQLite batch that began this many ms ago: its first units wait for its commit. */
const SQLITE_BATCH_MS = 10;

/** A SQLite unit of work waiting for its batch, and how to answer it. */
interface QueuedUnit {
  work: () => Promise<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  /** When it stops waiting for another process's lock. */
  deadline: number;
}

/**
 * The transaction code runs in, while its unit runs: a unit that ended is closed even while its batch
 * goes on, so work it started and that runs later does not write into another unit's savepoint.
 */
interface Scope {
  trx: Knex.Transaction;
  open: boolean;
  /** SQLite: the connection the transaction runs on, for the hot writes made straight on it (`write`). */
  connection?: SqliteConnection;
  /** PostgreSQL: the slot of the team rows many writers move (`slot`), the same for the whole transaction. */
  slot?: number;
  /** PostgreSQL: the writes of a unit of work held back until it sends a statement, or until it ends (`beginLate`). */
  held?: HeldWrites;
}

/**
 * PostgreSQL: the inserts and upserts a unit of work made through `write` before it sent any statement of
 * its own. They go ahead of its first statement, after its BEGIN; or, when it sends none, as one statement
 * at its end, without BEGIN or COMMIT, which is atomic on its own: one round trip for the whole unit.
 */
interface HeldWrites {
  writes: Write[];
  /** The tables they insert into: a second write into one of them is not held (`holdable`). */
  tables: Set<string>;
  /** Whether the unit's transaction was begun on the connection (its first statement was sent). */
  begun: boolean;
}

/**
 * The table of a write that may be held (`HeldWrites`): an insert or upsert of one row that `chained` can
 * make a step of, into a table the held writes do not insert into yet (two steps of one statement must
 * not touch one row: they see one snapshot). Null for any other.
 */
function holdable(held: HeldWrites, sql: string): string | null {
  if (held.begun || !sql.startsWith('insert into ') || !sql.includes(' values (') || / do nothing/i.test(sql)) return null;
  const table = sql.slice('insert into '.length, sql.indexOf(' ', 'insert into '.length)).replace(/"/g, '');
  return held.tables.has(table) ? null : table;
}

/**
 * PostgreSQL: how many rows a team's version and each of its kept counts is spread over (migration
 * 20261127000100). A transaction moves the rows of one slot only, and keeps their row locks until it
 * commits: with one row each, a team's concurrent writes would commit one at a time.
 */
const WRITE_SLOTS = 16;

/** A write of the hot paths: its text (`?` placeholders) and its bindings. */
export interface Write {
  sql: string;
  bindings: readonly unknown[];
}

/** `insert`'s texts, by table and columns. */
const insertTexts = new Map<string, string>();
/** `writeAll`'s chained texts, by the texts they chain. */
const chainTexts = new Map<string, string>();

/**
 * Inserts (`insert into … values (…) …`) as one PostgreSQL statement: each a step of a WITH whose row comes
 * from the step before (`insert into … select … from` it), so the steps run in the order given, each taking
 * its row locks after the one before. An upsert's step returns its row whether it inserted or updated.
 */
function chained(texts: readonly string[]): string {
  const steps = texts.map((text, i) => {
    const at = text.indexOf(' values (');
    const close = text.indexOf(')', at);
    if (!text.startsWith('insert into ') || at < 0 || close < 0) throw new Error(`writeAll chains inserts only: ${text}`);
    const step =
      i === 0 ? text : `${text.slice(0, at)} select ${text.slice(at + ' values ('.length, close)} from w${i - 1}${text.slice(close + 1)}`;
    return i < texts.length - 1 ? `w${i} as (${step} returning 1)` : step;
  });
  const last = steps.pop()!;
  return `with ${steps.join(', ')} ${last}`;
}

/** Several writes as the one statement `chained` makes of them, its text kept per texts. */
function chainOf(writes: readonly Write[]): Write {
  if (writes.length === 1) return writes[0];
  const texts = writes.map((w) => w.sql);
  const key = texts.join('\u0000');
  let sql = chainTexts.get(key);
  if (sql === undefined) {
    if (chainTexts.size >= STATEMENT_NAMES) chainTexts.clear();
    sql = chained(texts);
    chainTexts.set(key, sql);
  }
  return { sql, bindings: writes.flatMap((w) => w.bindings) };
}

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

/** A `rows` text as PostgreSQL takes it: each `?` a numbered placeholder (`$1`, `$2`…), and its statement's name. */
interface PgStatement {
  text: string;
  name: string;
}
const pgStatements = new Map<string, PgStatement>();

function pgStatement(sql: string): PgStatement {
  let statement = pgStatements.get(sql);
  if (statement === undefined) {
    // Knex reads `\?` as a question mark; no text here writes one, so none is taken for what it is not.
    if (sql.includes('\\?')) throw new Error(`rows takes no escaped placeholder: ${sql}`);
    if (pgStatements.size >= STATEMENT_NAMES) pgStatements.clear();
    let n = 0;
    statement = { text: sql.replace(/\?/g, () => `$${++n}`), name: statementName(sql) };
    pgStatements.set(sql, statement);
  }
  return statement;
}

/** What `rows` needs of a Knex client and of node-postgres's connections, which Knex hands out. */
interface PgClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
}
interface PgConnection {
  query(config: { text: string; name: string; values: readonly unknown[]; rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
}

type PgQuery = (config: string | { text: string; name?: string; values?: readonly unknown[] }, ...rest: unknown[]) => unknown;
type PgCallback = (err: unknown, result?: unknown) => void;

/** What a statement held back by `beginLate` (its BEGIN, a COMMIT or ROLLBACK with nothing to end) answers. */
const NOTHING_SENT = { command: null, rowCount: null, rows: [], fields: [] };

/**
 * Makes `connection` (node-postgres's) send the BEGIN Knex asks for only with the unit's first statement,
 * and the writes `held` before it; when the unit sends none, its COMMIT sends the held writes as one
 * statement instead (`HeldWrites`), and its ROLLBACK nothing. From the first statement on, each query is
 * sent once BEGIN and the held writes are done, in the order asked; if they failed, it fails with their
 * error instead of being sent. Returns what undoes it, once the transaction is over.
 */
function beginLate(connection: PgConnection, held: HeldWrites, chain: (writes: readonly Write[]) => Write): () => void {
  const send = (connection as unknown as { query: PgQuery }).query.bind(connection);
  let begin = 'BEGIN;';
  let ready: Promise<Error | undefined> | undefined;
  const answer = (callback: PgCallback | undefined, result: unknown) => {
    if (callback) return void process.nextTick(() => callback(undefined, result));
    return Promise.resolve(result);
  };
  const late: PgQuery = (config, ...rest) => {
    const callback = typeof rest[rest.length - 1] === 'function' ? (rest[rest.length - 1] as PgCallback) : undefined;
    const text = typeof config === 'string' ? config : config.text;
    if (!held.begun) {
      if (/^BEGIN\b/.test(text)) {
        begin = text;
        return answer(callback, NOTHING_SENT);
      }
      if (/^ROLLBACK\b/.test(text)) {
        held.writes = [];
        return answer(callback, NOTHING_SENT);
      }
      if (text === 'COMMIT;') {
        if (held.writes.length === 0) return answer(callback, NOTHING_SENT);
        const { sql, bindings } = chain(held.writes.splice(0));
        const { text: chained, name } = pgStatement(sql);
        return send({ text: chained, name, values: bindings }, ...rest);
      }
      held.begun = true;
      const writes = held.writes.splice(0);
      ready = (async () => {
        try {
          await send(begin);
          if (writes.length > 0) {
            const { sql, bindings } = chain(writes);
            const { text: chained, name } = pgStatement(sql);
            await send({ text: chained, name, values: bindings });
          }
          return undefined;
        } catch (err) {
          return err as Error;
        }
      })();
    }
    const sent = ready!;
    // After a failed BEGIN or held write the transaction is aborted: a ROLLBACK still ends it, a COMMIT
    // ends it the same way and fails with the error, and any other statement fails with it unsent.
    const run = async (failed: Error | undefined): Promise<unknown> => {
      if (failed === undefined || /^ROLLBACK\b/.test(text)) return send(config, ...rest);
      if (text === 'COMMIT;') await (send('ROLLBACK') as Promise<unknown>).catch(() => undefined);
      if (callback) return callback(failed);
      throw failed;
    };
    if (callback) {
      void sent.then(run);
      return undefined;
    }
    return sent.then(run);
  };
  (connection as unknown as { query: PgQuery }).query = late;
  return () => void delete (connection as unknown as { query?: PgQuery }).query;
}

/**
 * The Knex handle every repository queries through. Inside a unit of work it is the open transaction,
 * so repositories join it without being told.
 */
export class KnexDatabase {
  private readonly current = new AsyncLocalStorage<Scope>();
  /** SQLite units of work waiting for their batch (`transaction`), oldest first. */
  private readonly queued: QueuedUnit[] = [];
  /** True while `commitQueued` runs. */
  private committing = false;
  /** The next transaction's slot; from the process id, so the processes of one node start apart. */
  private nextSlot = process.pid % WRITE_SLOTS;

  /** `reader`: SQLite's connection, or PostgreSQL's pipelined ones, for the hot reads outside a unit of work (`rows`), if any. */
  constructor(
    readonly knex: Knex,
    readonly dialect: Dialect,
    private readonly reader?: SqliteReader | PgReader,
  ) {}

  async close(): Promise<void> {
    await this.reader?.close();
    await this.knex.destroy();
  }

  get db(): Knex | Knex.Transaction {
    return this.open() ?? this.knex;
  }

  get inTransaction(): boolean {
    return this.open() !== undefined;
  }

  /**
   * The slot of the rows a write of the current transaction moves among those many writers share (a team's
   * version, its kept counts), which readers sum: on PostgreSQL the transaction's own, so concurrent ones
   * move different rows; SQLite has one writer at a time and one slot, 0.
   */
  get slot(): number {
    if (this.dialect === 'sqlite') return 0;
    return this.current.getStore()?.slot ?? this.takeSlot();
  }

  private takeSlot(): number {
    const slot = this.nextSlot;
    this.nextSlot = (slot + 1) % WRITE_SLOTS;
    return slot;
  }

  /**
   * The transaction of the unit this code runs in, while it is open. Callbacks keep the async context
   * they were scheduled in, so work started inside a unit and run after it ended (a dispatch kicked by
   * the deal it created) still finds the unit's transaction: a closed one is no transaction.
   */
  private open(): Knex.Transaction | undefined {
    const scope = this.current.getStore();
    return scope && scope.open && !scope.trx.isCompleted() ? scope.trx : undefined;
  }

  /**
   * A read of the hot paths: each row as the array of its columns, in the order selected, which spares
   * building an object key by key per row (the mapper reads columns by position). `sql` uses `?`
   * placeholders; SQLite keeps its compiled statement, so the same text costs no compilation again.
   */
  async rows(sql: string, bindings: readonly unknown[]): Promise<unknown[][]> {
    const trx = this.open();
    // Outside a unit of work SQLite reads on its own connection, at once (openSqliteReader).
    if (!trx && this.reader && this.dialect === 'sqlite') return (this.reader as SqliteReader).rows(sql, bindings);
    if (!trx && this.reader) return (this.reader as PgReader).rows({ ...pgStatement(sql), values: bindings });
    if (this.dialect === 'sqlite')
      return (await (trx ?? this.knex).raw(sql, bindings as Knex.RawBinding[]).options({ rowMode: 'array' })) as unknown[][];
    // Straight on a connection Knex hands out (the transaction's, inside a unit of work), without its
    // runner: a named statement, which each connection parses and plans once, then only binds and runs.
    const { text, name } = pgStatement(sql);
    const client = (trx ?? this.knex).client as unknown as PgClient;
    const connection = await client.acquireConnection();
    try {
      return (await connection.query({ text, name, values: bindings, rowMode: 'array' })).rows;
    } finally {
      await client.releaseConnection(connection);
    }
  }

  /**
   * A write of the hot paths, its text written once (`?` placeholders) and run again without Knex's query
   * builder. Inside a SQLite unit of work it runs straight on the unit's connection, whose compiled
   * statement is kept; on PostgreSQL it is a named statement, parsed once per connection.
   */
  async write(sql: string, bindings: readonly unknown[]): Promise<void> {
    const scope = this.current.getStore();
    if (scope?.connection && scope.open && !scope.trx.isCompleted()) {
      runOn(scope.connection, sql, bindings);
      return;
    }
    if (scope?.held && scope.open && !scope.trx.isCompleted()) {
      const table = holdable(scope.held, sql);
      if (table !== null) {
        scope.held.writes.push({ sql, bindings });
        scope.held.tables.add(table);
        return;
      }
    }
    const query = (this.open() ?? this.knex).raw(sql, bindings as Knex.RawBinding[]);
    await (this.dialect === 'postgres' ? query.options({ name: statementName(sql) }) : query);
  }

  /**
   * Inserts one row through `write`. A column whose value is undefined is left out, so it takes its
   * default, as Knex's builder gives it.
   */
  insert(table: string, row: Readonly<Record<string, unknown>>): Promise<void> {
    const { sql, bindings } = this.insertion(table, row);
    return this.write(sql, bindings);
  }

  /** The write `insert` makes, for `writeAll`. */
  insertion(table: string, row: Readonly<Record<string, unknown>>): Write {
    const columns = Object.keys(row).filter((c) => row[c] !== undefined);
    const key = `${table}\u0000${columns.join('\u0000')}`;
    let sql = insertTexts.get(key);
    if (sql === undefined) {
      if (insertTexts.size >= STATEMENT_NAMES) insertTexts.clear();
      sql = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`;
      insertTexts.set(key, sql);
    }
    return { sql, bindings: columns.map((c) => row[c]) };
  }

  /**
   * Inserts and upserts (`insert into … values (…)`, one row each) run in the order given. On PostgreSQL
   * they go as one statement, one round trip instead of one each (`chained`): none may touch a row another
   * writes, since one statement sees one snapshot. On SQLite, one after the other through `write`.
   */
  async writeAll(writes: readonly Write[]): Promise<void> {
    if (this.dialect !== 'postgres' || writes.length < 2) {
      for (const { sql, bindings } of writes) await this.write(sql, bindings);
      return;
    }
    // In a unit of work that has sent nothing yet, held with its other writes when all of them may be.
    const scope = this.current.getStore();
    const held = scope?.held && scope.open && !scope.trx.isCompleted() ? scope.held : undefined;
    if (held) {
      const tables = writes.map((w) => holdable(held, w.sql));
      if (tables.every((t) => t !== null) && new Set(tables).size === tables.length) {
        held.writes.push(...writes);
        for (const t of tables) held.tables.add(t);
        return;
      }
    }
    const { sql, bindings } = chainOf(writes);
    await this.write(sql, bindings);
  }

  /**
   * Runs `work` in a transaction, or in the one already open (a repository keeping a row and its counts
   * together joins the use case's transaction). `savepoint` makes a nested run a savepoint instead: when
   * it fails it is undone on its own and the outer transaction goes on (on PostgreSQL a refused statement,
   * such as a unique key lost to a concurrent writer, would otherwise abort the whole transaction).
   */
  transaction<T>(work: () => Promise<T>, options: { savepoint?: boolean } = {}): Promise<T> {
    const outer = this.open();
    if (outer) {
      if (!options.savepoint) return work();
      const { connection, slot } = this.current.getStore()!;
      return outer.transaction((nested) => this.current.run({ trx: nested, open: true, connection, slot }, work));
    }
    if (this.dialect !== 'sqlite') return this.lateTransaction(work);
    return new Promise<T>((resolve, reject) => {
      this.queued.push({ work, resolve: resolve, reject, deadline: Date.now() + SQLITE_BUSY_TIMEOUT_MS });
      if (!this.committing) void this.commitQueued();
    });
  }

  /**
   * A PostgreSQL transaction whose BEGIN goes with its first statement (`beginLate`): a unit of work that
   * only inserts through `write` (a deal and its event) is one statement, one round trip, instead of four.
   */
  private async lateTransaction<T>(work: () => Promise<T>): Promise<T> {
    const slot = this.takeSlot();
    const client = this.knex.client as unknown as PgClient;
    const connection = await client.acquireConnection();
    const held: HeldWrites = { writes: [], tables: new Set(), begun: false };
    const undo = beginLate(connection, held, chainOf);
    try {
      return await this.knex.transaction((trx) => this.current.run({ trx, open: true, slot, held }, work), { connection });
    } finally {
      undo();
      await client.releaseConnection(connection);
    }
  }

  /**
   * Commits the queued SQLite units, batch after batch, until none is left. One batch at a time in this
   * process (its one connection takes them one by one anyway), so that a single one waits for another
   * process's lock instead of every queued unit polling for it. While the lock is busy, a unit that has
   * waited SQLITE_BUSY_TIMEOUT_MS fails with SQLITE_BUSY, as SQLite's own wait would.
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
   * One SQLite transaction for the units queued now and those that queue while it runs (up to
   * SQLITE_BATCH_UNITS, and none taken after SQLITE_BATCH_MS): a commit waits for the disk, once for all
   * of them. Each unit runs in a savepoint of its own, so one that fails is undone alone and the others
   * go on; each is answered only after the commit that holds its writes, and if that commit fails, every
   * unit of the batch fails with it and none of their writes stays.
   *
   * SQLite starts a transaction as a reader and upgrades at its first write; if another process wrote in
   * between, the upgrade fails at once (SQLITE_BUSY_SNAPSHOT) instead of waiting. So a batch first takes
   * the write lock with a no-op write (like BEGIN IMMEDIATE; SQLITE_WRITE_LOCK). That write never waits:
   * while another process holds the lock, the batch is rolled back before any unit ran and its SQLITE_BUSY
   * error returned, to try again shortly without blocking the process (SQLite's own wait would sleep in
   * the event loop's thread).
   */
  private async commitBatch(): Promise<unknown> {
    const done: Array<[QueuedUnit, unknown]> = [];
    let running: QueuedUnit | undefined;
    let connection: SqliteConnection | undefined;
    try {
      await this.knex.transaction(async (trx) => {
        await trx.raw(SQLITE_WRITE_LOCK);
        connection = await (trx as unknown as { client: { acquireConnection(): Promise<SqliteConnection> } }).client.acquireConnection();
        const started = Date.now();
        while (
          this.queued.length > 0 &&
          done.length < SQLITE_BATCH_UNITS &&
          (done.length === 0 || Date.now() - started < SQLITE_BATCH_MS)
        ) {
          const unit = (running = this.queued.shift()!);
          runOn(connection, 'savepoint ws_unit');
          const scope: Scope = { trx, open: true, connection };
          try {
            const value = await this.current.run(scope, unit.work);
            scope.open = false;
            runOn(connection, 'release ws_unit');
            done.push([unit, value]);
          } catch (err) {
            scope.open = false;
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
      if (connection === undefined && isBusy(err)) return err;
      // A refused COMMIT leaves SQLite's transaction open on the one connection: Knex does not roll it back.
      if (connection?.inTransaction) runOn(connection, 'rollback');
      running?.reject(err);
      for (const [unit] of done) unit.reject(err);
      return undefined;
    }
    for (const [unit, value] of done) unit.resolve(value);
    return undefined;
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
