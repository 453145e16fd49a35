import { Knex } from 'knex';
import { isPostgres } from './dialect';

// SQLite: a table of our own whose no-op update takes the database's write lock at the start of a batch
// of units of work (shared/sqlite-group-commit.ts), as BEGIN IMMEDIATE would. It used to update Knex's
// migration lock table, which is Knex's to shape. PostgreSQL takes row locks instead: no table there.

export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) return;
  await knex.schema.createTable('write_lock', (t) => t.integer('id').primary());
}

export async function down(knex: Knex): Promise<void> {
  if (isPostgres(knex)) return;
  await knex.schema.dropTableIfExists('write_lock');
}
