import knexFactory, { Knex } from 'knex';
import type BetterSqlite3 from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { Client as PgClientClass } from 'pg';

export type Dialect = 'sqlite' | 'postgres';

export interface KnexOptions {
  /** PostgreSQL schema to use (tests give each run its own). */
  schema?: string;
  /** PostgreSQL: the pool's size, the units of work that run at once (DATABASE_POOL_MAX). */
  poolMax?: number;
  /** Where Knex's own warnings go; without it, Knex writes them to the console. */
  log?: Knex.Logger;
}

export const dialectOf = (url: string): Dialect | null =>
  url.startsWith('sqlite:') ? 'sqlite' : /^postgres(ql)?:\/\//.test(url) ? 'postgres' : null;

/**
 * node-postgres, loaded by the first PostgreSQL connection (a process on SQLite never loads it), with its
 * type parsers set: calendar dates stay `YYYY-MM-DD` strings instead of local-time Date objects; 64-bit
 * counts become numbers.
 */
function pg(): typeof import('pg') {
  if (!pgDriver) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (above)
    pgDriver = require('pg') as typeof import('pg');
    pgDriver.types.setTypeParser(1082, (v: string) => v);
    pgDriver.types.setTypeParser(20, (v: string) => Number(v));
  }
  return pgDriver;
}
let pgDriver: typeof import('pg') | undefined;

/** A better-sqlite3 connection, as Knex's pool holds it and as the reader opens it. */
export type SqliteConnection = BetterSqlite3.Database;
type SqliteStatement = BetterSqlite3.Statement<unknown[], unknown>;

/**
 * What Knex's client offers to hand out the connections of its pool (a transaction's client hands out the
 * transaction's own). Knex types its `client` as `any`: this is the part of it we call.
 */
export interface ConnectionSource {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/** How long a SQLite connection waits for a lock another connection holds before it fails (SQLITE_BUSY). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** Statements kept per connection; the least recently used ones are let go beyond it. */
const STATEMENTS_PER_CONNECTION = 1000;

const keptStatements = new WeakMap<SqliteConnection, LRUCache<string, SqliteStatement>>();

/** How often a long-lived connection refreshes the planner's statistics (SQLite's advice: every few hours). */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;
const lastOptimized = new WeakMap<SqliteConnection, number>();

/**
 * `PRAGMA optimize` re-analyzes tables whose size changed a lot: stale statistics (taken while the outbox
 * held two events) made the planner scan the whole outbox. At open, bounded, then hourly (`optimizeIfDue`).
 */
function optimize(connection: SqliteConnection, at: number, source = 'optimize'): void {
  lastOptimized.set(connection, at);
  connection.pragma(source);
}

export function optimizeIfDue(connection: SqliteConnection, now = Date.now()): void {
  if (now - (lastOptimized.get(connection) ?? now) >= OPTIMIZE_EVERY_MS) optimize(connection, now);
}

/** A text's compiled statement on a connection, kept (SQLite recompiles it when the schema changes). */
function keptStatement(connection: SqliteConnection, sql: string, arrays: boolean): SqliteStatement {
  let kept = keptStatements.get(connection);
  if (!kept) keptStatements.set(connection, (kept = new LRUCache<string, SqliteStatement>({ max: STATEMENTS_PER_CONNECTION })));
  // A statement answers objects or arrays for every call: the two modes are kept apart.
  const key = arrays ? `\u0000arrays\u0000${sql}` : sql;
  let statement = kept.get(key);
  if (statement === undefined) {
    statement = connection.prepare(sql);
    if (arrays && statement.reader) statement.raw(true);
    kept.set(key, statement);
  }
  return statement;
}

/** Bindings as Knex's better-sqlite3 client writes them: dates as milliseconds, booleans as 0 and 1. */
const sqliteBinding = (v: unknown): unknown => (v instanceof Date ? v.valueOf() : typeof v === 'boolean' ? Number(v) : v);

/**
 * Runs a statement that answers no rows (a savepoint's, an insert) on a connection, through its kept
 * statements, its bindings as Knex writes them.
 */
export function runOn(connection: SqliteConnection, sql: string, bindings: readonly unknown[] = []): number {
  return keptStatement(connection, sql, false).run(bindings.map(sqliteBinding)).changes;
}

/** Runs a read on a connection through its kept statements: each row as the array of its columns. */
export function readOn(connection: SqliteConnection, sql: string, bindings: readonly unknown[]): unknown[][] {
  const statement = keptStatement(connection, sql, true);
  if (!statement.reader) throw new Error(`rows runs reads only: ${sql}`);
  return statement.all(bindings.map(sqliteBinding)) as unknown[][];
}

/**
 * Takes the database's write lock on a connection whose transaction has begun (as BEGIN IMMEDIATE would),
 * without SQLite's wait: it takes the lock, or fails at once with SQLITE_BUSY (SQLite's own wait sleeps in
 * the event loop's thread). The no-op update of a table of our own (migration 20261129000100).
 */
export function takeWriteLock(connection: SqliteConnection): void {
  runOn(connection, 'pragma busy_timeout = 0');
  try {
    runOn(connection, 'update write_lock set id = id where 0');
  } finally {
    runOn(connection, `pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  }
}

/** A connection of its own for the hot reads made outside a unit of work (KnexDatabase.rows). */
export interface SqliteReader {
  /** Each row as the array of its columns; refuses a statement that does not read. */
  rows(sql: string, bindings: readonly unknown[]): unknown[][];
  close(): void;
}

/**
 * A read-only connection to a SQLite file, opened at its first read: it never waits for the pooled
 * connection's transaction, and in WAL mode sees what was committed. None for an in-memory database.
 */
export function openSqliteReader(url: string): SqliteReader | undefined {
  const filename = url.slice('sqlite:'.length);
  if (!filename || filename === ':memory:') return undefined;
  let connection: SqliteConnection | undefined;
  const open = () => {
    // Loaded when first used, as Knex loads it: a PostgreSQL process never opens the native module.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Database = require('better-sqlite3') as typeof BetterSqlite3;
    const opened = new Database(filename, { fileMustExist: true });
    opened.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    opened.pragma('query_only = ON');
    return opened;
  };
  return {
    rows(sql, bindings) {
      connection ??= open();
      return readOn(connection, sql, bindings);
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
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      log: options.log,
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
    pg();
    return knexFactory({
      client: 'pg',
      connection: url,
      searchPath: options.schema ? [options.schema] : undefined,
      pool: { min: 0, max: options.poolMax ?? 4 },
      log: options.log,
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
  client: PgClientClass;
  ready: Promise<void>;
  /** Reads sent and not answered yet. */
  pending: number;
  /** True while its socket holds back what is written, until the event loop's next turn. */
  corked: boolean;
}

/**
 * Up to `size` connections in node-postgres's pipeline mode: a read is written at once behind those not
 * answered yet, and the reads of one turn of the event loop leave in one write; each fails alone. A
 * connection opens when every open one is busy; one that breaks is dropped and its reads fail.
 */
export function openPgReader(url: string, schema?: string, size = PG_READER_CONNECTIONS): PgReader {
  const open: Pipelined[] = [];
  const connect = (): Pipelined => {
    const client = new (pg().Client)({ connectionString: url, pipeline: true });
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
        if (schema) await client.query(`set search_path to ${pg().escapeIdentifier(schema)}`);
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
        return (await entry.client.query<unknown[]>({ text, name, values: [...values], rowMode: 'array' })).rows;
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
