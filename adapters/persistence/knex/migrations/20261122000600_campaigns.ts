import { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('campaigns', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('project_id').notNullable();
    t.text('name').notNullable();
    t.text('description').nullable();
    t.string('status', 20).notNullable();
    t.string('approval_status', 20).notNullable();
    t.date('start_date').nullable();
    t.date('end_date').nullable();
    t.text('content_pillars').notNullable();
    t.text('target_platforms').notNullable();
    // Any JSON, written as text (a JSON `null` is the text "null").
    t.text('goals').notNullable();
    t.uuid('created_by').nullable();
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
    t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'created_at']);
    t.index(['team_id', 'project_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('campaigns');
}
