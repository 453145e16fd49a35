// The harness of a migration test: a fresh database on SQLite and PostgreSQL (a schema of its own), migrated
// to just before the migration under test, so the test writes rows as they were, then runs the rest.
import { randomBytes } from 'node:crypto';
import { Knex } from 'knex';
import { migrationSource } from '../../adapters/persistence/knex/migrations';
import { createKnex } from '../../adapters/persistence/knex/shared/connection';
import { BackendName, backendNames } from './backends';

export interface MigrationWorld {
  knex: Knex;
  backend: BackendName;
  /** Runs the migrations that shipped before the one under test. */
  migrateToBefore(): Promise<void>;
  /** Runs every migration left. */
  migrateToLatest(): Promise<void>;
}

/** A database of its own on a SQL backend: SQLite in memory, or a fresh schema of TEST_DATABASE_URL. */
export interface ScratchDatabase {
  knex: Knex;
  schema: string | undefined;
  /** Drops the schema (PostgreSQL) and closes the connections. */
  drop(): Promise<void>;
}

export async function openScratchDatabase(backend: Exclude<BackendName, 'memory'>): Promise<ScratchDatabase> {
  const url = backend === 'postgres' ? process.env.TEST_DATABASE_URL! : 'sqlite::memory:';
  const schema = backend === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (schema) {
    const admin = createKnex(url);
    await admin.raw('create schema ??', [schema]);
    await admin.destroy();
  }
  const knex = createKnex(url, { schema });
  return {
    knex,
    schema,
    async drop() {
      if (schema) await knex.raw('drop schema if exists ?? cascade', [schema]);
      await knex.destroy();
    },
  };
}

/**
 * Declares `suite` once per SQL backend for the migration named `migration`. `alsoBefore` names later
 * migrations that `migrateToBefore` runs too: the tables today's repositories write beside their rows (a
 * count table added after `migration`), for a suite that writes its "before" rows through them.
 */
export function forEachMigrationBackend(
  migration: string,
  suite: (world: () => MigrationWorld) => void,
  options: { alsoBefore?: readonly string[] } = {},
): void {
  // Today's units of work take SQLite's write lock on the table this migration makes: always run before.
  const alsoBefore = new Set([...(options.alsoBefore ?? []), '20261129000100_write_lock']);
  const shippedBefore: Knex.MigrationSource<string> = {
    ...migrationSource,
    getMigrations: async (loadExtensions) =>
      (await migrationSource.getMigrations(loadExtensions)).filter((n) => n < migration || alsoBefore.has(n)),
  };
  for (const backend of backendNames().filter((b): b is Exclude<BackendName, 'memory'> => b !== 'memory')) {
    describe(`${migration} migration [${backend}]`, () => {
      let world: MigrationWorld | undefined;
      let scratch: ScratchDatabase | undefined;

      before(async () => {
        scratch = await openScratchDatabase(backend);
        const { knex, schema } = scratch;
        world = {
          knex,
          backend,
          migrateToBefore: async () => {
            await knex.migrate.latest({ migrationSource: shippedBefore, schemaName: schema });
          },
          migrateToLatest: async () => {
            await knex.migrate.latest({ migrationSource, schemaName: schema });
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
