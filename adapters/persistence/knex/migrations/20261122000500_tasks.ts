import { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tasks', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('project_id').notNullable();
    t.uuid('pipeline_id').nullable();
    // `column` is a reserved word in SQL.
    t.text('column_slug').notNullable();
    t.text('title').notNullable();
    t.text('description').nullable();
    t.string('priority', 10).notNullable();
    t.uuid('assignee_id').nullable();
    t.text('assignee_ids').notNullable();
    t.uuid('reporter_id').nullable();
    t.date('due_date').nullable();
    t.double('estimated_hours').nullable();
    t.double('actual_hours').nullable();
    t.double('position').notNullable();
    t.text('tags').notNullable();
    t.text('checklist_markdown').nullable();
    t.timestamp('completed_at', { useTz: true, precision: 3 }).nullable();
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
    t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
    t.timestamp('deleted_at', { useTz: true, precision: 3 }).nullable();
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'deleted_at', 'created_at']);
    t.index(['team_id', 'project_id']);
  });
  // One row per assignee, so "tasks assigned to X" is an indexed lookup on both dialects.
  await knex.schema.createTable('task_assignees', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('task_id').notNullable();
    t.uuid('assignee_id').notNullable();
    t.primary(['team_id', 'task_id', 'assignee_id']);
    t.index(['team_id', 'assignee_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('task_assignees');
  await knex.schema.dropTable('tasks');
}
