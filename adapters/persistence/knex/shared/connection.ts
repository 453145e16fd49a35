import knexFactory, { Knex } from 'knex';
import { types as pgTypes } from 'pg';

export type Dialect = 'sqlite' | 'postgres';

export interface KnexOptions {
  /** PostgreSQL schema to use (tests give each run its own). */
  schema?: string;
}

export const dialectOf = (url: string): Dialect | null =>
  url.startsWith('sqlite:') ? 'sqlite' : /^postgres(ql)?:\/\//.test(url) ? 'postgres' : null;

// Calendar dates stay `YYYY-MM-DD` strings instead of local-time Date objects; 64-bit counts become numbers.
pgTypes.setTypeParser(1082, (v: string) => v);
pgTypes.setTypeParser(20, (v: string) => Number(v));

export function createKnex(url: string, options: KnexOptions = {}): Knex {
  const dialect = dialectOf(url);
  if (dialect === 'sqlite') {
    const filename = url.slice('sqlite:'.length) || ':memory:';
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      // One connection: better-sqlite3 is synchronous, and a single writer keeps transactions serial.
      pool: {
        min: 1, max: 1,
        afterCreate: (conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) => {
          if (filename !== ':memory:') conn.pragma('journal_mode = WAL');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('foreign_keys = ON');
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
      pool: { min: 0, max: 10 },
    });
  }
  throw new Error(`Unsupported DATABASE_URL: ${url.replace(/\/\/.*@/, '//***@')}`);
}
