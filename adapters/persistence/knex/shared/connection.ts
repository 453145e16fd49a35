import knexFactory, { Knex } from 'knex';
import { Client as PgClientClass, escapeIdentifier, types as pgTypes } from 'pg';

export type Dialect = 'sqlite' | 'postgres';

export interface KnexOptions {
  /** PostgreSQL schema to use (tests give each run its own). */
  schema?: string;
  /** PostgreSQL: the pool's size, the units of work that run at once (DATABASE_POOL_MAX). */
  poolMax?: number;
}

export const dialectOf = (url: string): Dialect | null =>
  url.startsWith('sqlite:') ? 'sqlite' : /^postgres(ql)?:\/\//.test(url) ? 'postgres' : null;

// Calendar dates stay `YYYY-MM-DD` strings instead of local-time Date objects; 64-bit counts become numbers.
pgTypes.setTypeParser(1082, (v: string) => v);
pgTypes.setTypeParser(20, (v: string) => Number(v));

interface SqliteStatement {
  reader: boolean;
  raw(on: boolean): SqliteStatement;
  all(bindings: unknown[]): unknown[];
  run(bindings: unknown[]): { lastInsertRowid: number | bigint; changes: number };
}

export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  pragma(source: string): unknown;
  /** True while a transaction is open on it. */
  readonly inTransaction: boolean;
}

interface QueryObject {
  sql: string;
  bindings?: unknown[];
  /** `rowMode: 'array'` (as pg takes it): rows as arrays of their columns. */
  options?: { safeIntegers?: boolean; rowMode?: string };
  response?: unknown;
  context?: { lastID: number | bigint; changes: number };
}

/** How long a SQLite connection waits for a lock another connection holds before it fails (SQLITE_BUSY). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * The no-op write a SQLite unit of work starts with, to take the write lock up front (KnexDatabase.transaction).
 * It never waits: if another process holds the lock it fails at once with SQLITE_BUSY, and the unit waits
 * for its turn without blocking the process (SQLite's own wait sleeps in the event loop's thread).
 */
export const SQLITE_WRITE_LOCK = 'update knex_migrations_lock set is_locked = is_locked where 0';

/** Statements kept per connection; the least recently used ones are let go beyond it. */
const STATEMENTS_PER_CONNECTION = 1000;

// Knex's own better-sqlite3 client (it ships no types for it): subclassed below, as Knex allows.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const BetterSqlite3Client = require('knex/lib/dialects/better-sqlite3') as new (config: Knex.Config) => {
  _formatBindings(bindings: unknown[] | undefined): unknown[];
};

const keptStatements = new WeakMap<SqliteConnection, Map<string, SqliteStatement>>();

/** How often a long-lived connection refreshes the planner's statistics (SQLite's advice: every few hours). */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;
const lastOptimized = new WeakMap<SqliteConnection, number>();

/**
 * `PRAGMA optimize` analyzes the tables whose size changed a lot since their statistics were taken. Stale
 * ones mislead the planner: statistics taken while the outbox held two events made it scan the whole
 * outbox at every poll, thousands of events later. Cheap when nothing changed.
 */
function optimize(connection: SqliteConnection, at: number, source = 'optimize'): void {
  lastOptimized.set(connection, at);
  connection.pragma(source);
}

/**
 * The compiled statement of a text on a connection, kept beside the connection (not on Knex's client:
 * Knex makes a transaction's client from the prototype alone).
 */
function keptStatement(connection: SqliteConnection, sql: string, arrays: boolean): SqliteStatement {
  let kept = keptStatements.get(connection);
  if (!kept) keptStatements.set(connection, (kept = new Map<string, SqliteStatement>()));
  // A statement answers objects or arrays for every call: the two modes are kept apart.
  const key = arrays ? `\u0000arrays\u0000${sql}` : sql;
  let statement = kept.get(key);
  if (statement) {
    // Most recently used last, so the first key is the one to let go.
    kept.delete(key);
  } else {
    statement = connection.prepare(sql);
    if (arrays && statement.reader) statement.raw(true);
    if (kept.size >= STATEMENTS_PER_CONNECTION) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, statement);
  return statement;
}

/**
 * Knex's better-sqlite3 client compiles every statement again on every call, which costs more than
 * running it: this one keeps the compiled statements of each connection by their SQL text (Knex writes
 * the values as bindings, so the texts are few). SQLite recompiles a kept statement itself when the
 * schema changes under it.
 */
class CachingBetterSqlite3Client extends BetterSqlite3Client {
  // Knex awaits `_query`; better-sqlite3 answers at once, and `async` keeps a throw a rejection for knex.
  // eslint-disable-next-line @typescript-eslint/require-await
  async _query(connection: SqliteConnection, obj: QueryObject): Promise<QueryObject> {
    if (!obj.sql) throw new Error('The query is empty');
    if (!connection) throw new Error('No connection provided');
    const now = Date.now();
    if (now - (lastOptimized.get(connection) ?? now) >= OPTIMIZE_EVERY_MS) optimize(connection, now);
    // A per-query integer mode would change a kept statement for every later caller: those compile their own.
    const statement =
      obj.options?.safeIntegers === undefined
        ? keptStatement(connection, obj.sql, obj.options?.rowMode === 'array')
        : this.uncached(connection, obj);
    const bindings = this._formatBindings(obj.bindings);
    if (statement.reader) {
      obj.response = statement.all(bindings);
      return obj;
    }
    const response = obj.sql === SQLITE_WRITE_LOCK ? takeWriteLock(connection, statement) : statement.run(bindings);
    obj.response = response;
    obj.context = { lastID: response.lastInsertRowid, changes: response.changes };
    return obj;
  }

  private uncached(connection: SqliteConnection, obj: QueryObject): SqliteStatement {
    const statement = connection.prepare(obj.sql) as SqliteStatement & { safeIntegers(on: boolean): void };
    statement.safeIntegers(obj.options!.safeIntegers!);
    return statement;
  }
}

/** Bindings as Knex's better-sqlite3 client writes them: dates as milliseconds, booleans as 0 and 1. */
const sqliteBinding = (v: unknown): unknown => (v instanceof Date ? v.valueOf() : typeof v === 'boolean' ? Number(v) : v);

/**
 * Runs a statement that answers no rows (a savepoint's, an insert) on a connection, through its kept
 * statements, its bindings as Knex writes them.
 */
export function runOn(connection: SqliteConnection, sql: string, bindings: readonly unknown[] = []): void {
  keptStatement(connection, sql, false).run(bindings.map(sqliteBinding));
}

/** Runs the write-lock statement without SQLite's wait: it takes the lock, or fails at once with SQLITE_BUSY. */
function takeWriteLock(connection: SqliteConnection, statement: SqliteStatement): ReturnType<SqliteStatement['run']> {
  keptStatement(connection, 'pragma busy_timeout = 0', false).all([]);
  try {
    return statement.run([]);
  } finally {
    keptStatement(connection, `pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`, false).all([]);
  }
}

/** A connection of its own for the hot reads made outside a unit of work (KnexDatabase.rows). */
export interface SqliteReader {
  /** Each row as the array of its columns; refuses a statement that does not read. */
  rows(sql: string, bindings: readonly unknown[]): unknown[][];
  close(): void;
}

/**
 * A read-only connection to a SQLite file, opened at its first read. With one pooled connection, a read
 * made outside a unit of work otherwise waits for any transaction that holds it (a creation, the
 * dispatcher's claim), and pays Knex's runner and pool on the way; here it runs at once, synchronously,
 * and in WAL mode it sees what was committed, never another transaction's writes in progress. None for
 * an in-memory database: another connection would open a database of its own.
 */
export function openSqliteReader(url: string): SqliteReader | undefined {
  const filename = url.slice('sqlite:'.length);
  if (!filename || filename === ':memory:') return undefined;
  let connection: (SqliteConnection & { close(): void }) | undefined;
  const open = () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Database = require('better-sqlite3') as new (
      file: string,
      options: { fileMustExist: boolean },
    ) => SqliteConnection & {
      close(): void;
    };
    const opened = new Database(filename, { fileMustExist: true });
    opened.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    opened.pragma('query_only = ON');
    return opened;
  };
  return {
    rows(sql, bindings) {
      connection ??= open();
      const statement = keptStatement(connection, sql, true);
      if (!statement.reader) throw new Error(`the read-only connection runs reads only: ${sql}`);
      return statement.all(bindings.map(sqliteBinding)) as unknown[][];
    },
    close() {
      connection?.close();
      connection = undefined;
    },
  };
}

export function createKnex(url: string, options: KnexOptions = {}): Knex {
  const dialect = dialectOf(url);
  if (dialect === 'sqlite') {
    const filename = url.slice('sqlite:'.length) || ':memory:';
    return knexFactory({
      client: CachingBetterSqlite3Client as unknown as typeof Knex.Client,
      connection: { filename },
      useNullAsDefault: true,
      // One connection: better-sqlite3 is synchronous, and a single writer keeps transactions serial.
      pool: {
        min: 1,
        max: 1,
        afterCreate: (conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) => {
          if (filename !== ':memory:') conn.pragma('journal_mode = WAL');
          conn.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
          conn.pragma('foreign_keys = ON');
          // At open, bounded so a large database opens fast (SQLite's advice for long-lived connections).
          optimize(conn, Date.now(), 'optimize = 0x10002');
          done(null, conn);
        },
      },
    });
  }
  if (dialect === 'postgres') {
    return knexFactory({
      client: 'pg',
      connection: url,
      searchPath: options.schema ? [options.schema] : undefined,
      pool: { min: 0, max: options.poolMax ?? 4 },
    });
  }
  throw new Error(`Unsupported DATABASE_URL: ${url.replace(/\/\/.*@/, '//***@')}`);
}

/** A read PostgreSQL's hot paths send outside a unit of work: a named statement with `$n` placeholders. */
export interface PgRead {
  text: string;
  name: string;
  values: readonly unknown[];
}

/** Connections of their own for the hot reads made outside a unit of work on PostgreSQL (KnexDatabase.rows). */
export interface PgReader {
  /** Each row as the array of its columns. */
  rows(read: PgRead): Promise<unknown[][]>;
  close(): Promise<void>;
}

/** How many pipelined connections a process opens at most for its hot reads. */
export const PG_READER_CONNECTIONS = 2;

interface Pipelined {
  client: PgPipelinedClient;
  ready: Promise<void>;
  /** Reads sent and not answered yet. */
  pending: number;
  /** True while its socket holds back what is written, until the event loop's next turn. */
  corked: boolean;
}

interface PgPipelinedClient {
  connection: { stream: { cork(): void; uncork(): void } };
  connect(): Promise<void>;
  end(): Promise<void>;
  on(event: 'error' | 'end', listener: () => void): void;
  query(config: string | { text: string; name: string; values: readonly unknown[]; rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
}

/**
 * Up to `size` connections in node-postgres's pipeline mode: a read is written at once, behind those not
 * answered yet, instead of waiting for a pooled connection, and the reads written in one turn of the event
 * loop (the requests that arrived together) leave in one write. The database reads them in one go and
 * answers each in turn. Each read ends with its own Sync, so one that fails fails alone. A connection opens
 * when every open one has reads in flight; one that breaks is dropped, its reads failing, and the next read
 * opens another.
 */
export function openPgReader(url: string, schema?: string, size = PG_READER_CONNECTIONS): PgReader {
  const open: Pipelined[] = [];
  const connect = (): Pipelined => {
    // `pipeline` is newer than pg's typings.
    const Pipelining = PgClientClass as unknown as new (config: { connectionString: string; pipeline: boolean }) => PgPipelinedClient;
    const client = new Pipelining({ connectionString: url, pipeline: true });
    const entry: Pipelined = { client, pending: 0, corked: false, ready: Promise.resolve() };
    const drop = () => {
      const at = open.indexOf(entry);
      if (at >= 0) open.splice(at, 1);
    };
    client.on('error', drop);
    client.on('end', drop);
    entry.ready = client
      .connect()
      .then(async () => {
        if (schema) await client.query(`set search_path to ${escapeIdentifier(schema)}`);
      })
      .catch((err: unknown) => {
        drop();
        void client.end().catch(() => undefined);
        throw err;
      });
    open.push(entry);
    return entry;
  };
  const pick = (): Pipelined => {
    let best: Pipelined | undefined;
    for (const entry of open) if (best === undefined || entry.pending < best.pending) best = entry;
    return best === undefined || (best.pending > 0 && open.length < size) ? connect() : best;
  };
  return {
    async rows({ text, name, values }) {
      const entry = pick();
      entry.pending++;
      try {
        await entry.ready;
        if (!entry.corked) {
          const stream = entry.client.connection.stream;
          stream.cork();
          entry.corked = true;
          setImmediate(() => {
            entry.corked = false;
            stream.uncork();
          });
        }
        return (await entry.client.query({ text, name, values, rowMode: 'array' })).rows;
      } finally {
        entry.pending--;
      }
    },
    async close() {
      const closing = open.splice(0);
      await Promise.all(closing.map((entry) => entry.ready.then(() => entry.client.end()).catch(() => undefined)));
    },
  };
}
