import { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('teams', (t) => {
    t.uuid('id').primary();
    t.string('name', 200).notNullable();
    t.integer('client_quota').nullable();
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
  });
  // Looked up by key hash before the team is known: under a tenant-distributed layout this table is a
  // reference table, the one exception to "every index starts with team_id".
  await knex.schema.createTable('api_keys', (t) => {
    t.uuid('id').primary();
    t.uuid('team_id').notNullable().references('id').inTable('teams');
    t.string('name', 200).nullable();
    t.string('key_hash', 64).notNullable().unique();
    t.boolean('is_active').notNullable();
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
    t.timestamp('revoked_at', { useTz: true, precision: 3 }).nullable();
    t.index(['team_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_keys');
  await knex.schema.dropTable('teams');
}
