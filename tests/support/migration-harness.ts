// The harness of a migration test: a fresh database on SQLite and PostgreSQL (a schema of its own), migrated
// to just before the migration under test, so the test writes rows as they were, then runs the rest.
import { randomBytes } from 'node:crypto';
import { Knex } from 'knex';
import { migrationSource } from '../../adapters/persistence/knex/migrations';
import { createKnex, openPgReader, openSqliteReader, PgReader, SqliteReader } from '../../adapters/persistence/knex/shared/connection';
import { KnexDatabase } from '../../adapters/persistence/knex/shared/knex-database';
import { PinoLogger } from '../../adapters/logging/pino-logger';
import { knexLog } from '../../bootstrap/storage/knex';
import { BackendName, backendNames, removeSqliteFile, sqliteTestFile } from './backends';

export interface MigrationWorld {
  knex: Knex;
  backend: BackendName;
  /** The repositories' database on `knex`, with the read connections `npm start` opens. */
  database(): KnexDatabase;
  /** Runs the migrations that shipped before the one under test. */
  migrateToBefore(): Promise<void>;
  /** Runs every migration left (up to `until`, when the suite names one). */
  migrateToLatest(): Promise<void>;
}

/** A database of its own on a SQL backend: a new SQLite file in WAL mode, or a fresh schema of TEST_DATABASE_URL. */
export interface ScratchDatabase {
  knex: Knex;
  schema: string | undefined;
  /**
   * A KnexDatabase on `knex` as `buildRuntime` makes it: the hot reads outside a unit of work on SQLite's
   * read-only connection or PostgreSQL's pipelined ones. One per scratch database, closed by `drop`.
   */
  database(): KnexDatabase;
  /** Closes the connections and drops the schema (PostgreSQL) or removes the file (SQLite). */
  drop(): Promise<void>;
}

export async function openScratchDatabase(backend: Exclude<BackendName, 'memory'>): Promise<ScratchDatabase> {
  const file = backend === 'sqlite' ? sqliteTestFile() : undefined;
  const url = file ? `sqlite:${file}` : process.env.TEST_DATABASE_URL!;
  const schema = backend === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (schema) {
    const admin = createKnex(url);
    await admin.raw('create schema ??', [schema]);
    await admin.destroy();
  }
  // Knex's warnings (a migration that fails on purpose) go to the log, as the server's do: silent in tests.
  const knex = createKnex(url, { schema, log: knexLog(new PinoLogger(process.env.LOG_LEVEL ?? 'silent')) });
  let reader: SqliteReader | PgReader | undefined;
  let database: KnexDatabase | undefined;
  return {
    knex,
    schema,
    database() {
      reader ??= file ? openSqliteReader(url) : openPgReader(url, schema);
      return (database ??= new KnexDatabase(knex, file ? 'sqlite' : 'postgres', reader));
    },
    async drop() {
      await reader?.close();
      if (schema) await knex.raw('drop schema if exists ?? cascade', [schema]);
      await knex.destroy();
      if (file) removeSqliteFile(file);
    },
  };
}

/**
 * Declares `suite` once per SQL backend for the migration named `migration`. `alsoBefore` names later
 * migrations that `migrateToBefore` runs too: the tables today's repositories write beside their rows (a
 * count table added after `migration`), for a suite that writes its "before" rows through them. `until`
 * names the last migration `migrateToLatest` runs, for a suite whose tables a later migration replaces
 * (and whose `down` cannot be run past one that refuses to go down).
 */
export function forEachMigrationBackend(
  migration: string,
  suite: (world: () => MigrationWorld) => void,
  options: { alsoBefore?: readonly string[]; until?: string } = {},
): void {
  // Today's units of work take SQLite's write lock on the table this migration makes: always run before.
  const alsoBefore = new Set([...(options.alsoBefore ?? []), '20261129000100_write_lock']);
  const shippedBefore: Knex.MigrationSource<string> = {
    ...migrationSource,
    getMigrations: async (loadExtensions) =>
      (await migrationSource.getMigrations(loadExtensions)).filter((n) => n < migration || alsoBefore.has(n)),
  };
  const until = options.until;
  const shippedUntil: Knex.MigrationSource<string> =
    until === undefined
      ? migrationSource
      : {
          ...migrationSource,
          getMigrations: async (loadExtensions) => (await migrationSource.getMigrations(loadExtensions)).filter((n) => n <= until),
        };
  for (const backend of backendNames().filter((b): b is Exclude<BackendName, 'memory'> => b !== 'memory')) {
    describe(`${migration} migration [${backend}]`, () => {
      let world: MigrationWorld | undefined;
      let scratch: ScratchDatabase | undefined;

      before(async () => {
        const opened = (scratch = await openScratchDatabase(backend));
        const { knex, schema } = opened;
        world = {
          knex,
          backend,
          database: () => opened.database(),
          migrateToBefore: async () => {
            await knex.migrate.latest({ migrationSource: shippedBefore, schemaName: schema });
          },
          migrateToLatest: async () => {
            await knex.migrate.latest({ migrationSource: shippedUntil, schemaName: schema });
          },
        };
      });
      after(async () => {
        await scratch?.drop();
      });

      suite(() => {
        if (!world) throw new Error('migration world not started');
        return world;
      });
    });
  }
}
