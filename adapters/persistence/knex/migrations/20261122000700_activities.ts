import { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('activities', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.string('type', 20).notNullable();
    t.text('title').notNullable();
    t.text('description').nullable();
    t.timestamp('occurred_at', { useTz: true, precision: 3 }).notNullable();
    t.double('duration_minutes').nullable();
    t.boolean('is_completed').notNullable();
    t.date('due_date').nullable();
    t.string('priority', 10).nullable();
    t.text('tags').notNullable();
    t.uuid('client_id').nullable();
    t.uuid('deal_id').nullable();
    t.uuid('contract_id').nullable();
    t.uuid('assigned_to').nullable();
    t.uuid('created_by').nullable();
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
    t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'created_at']);
    t.index(['team_id', 'client_id']);
    t.index(['team_id', 'deal_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('activities');
}
