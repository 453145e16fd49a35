import { Knex } from 'knex';

// A version of each team's clients, moved by the client repository in the same transaction as every write
// of a client. A page of the client list is read once per version and given again while the version stays.
// A team without a row is at version 0, so existing data needs no backfill: the first write after this
// migration moves it.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('client_versions', (t) => {
    t.uuid('team_id').notNullable().primary();
    t.bigInteger('version').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('client_versions');
}
