import { Knex } from 'knex';

// A version of each team's deals, moved by the deal repository in the same transaction as every write of
// a deal. A list whose total is not kept (a search, a value range, a phase…) counts its rows once and
// reuses that total while the version stays where it was counted. A team without a row is at version 0,
// so existing data needs no backfill: the first write after this migration moves it.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('deal_versions', (t) => {
    t.uuid('team_id').notNullable().primary();
    t.bigInteger('version').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('deal_versions');
}
