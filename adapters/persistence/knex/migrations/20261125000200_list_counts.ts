import { Knex } from 'knex';

// The totals of the client, project lead and task lists, kept by their repositories in the same
// transaction as each write (as deal_counts is for deals), so the lists people open most (a team's
// clients by status and type, a project's leads, active or not, the live tasks of a team, a project or a
// pipeline) read a few count rows however many the team has. Existing rows are counted here.
//
// Any other task filter (priority, column) still counts its rows: an index on the team, the deletion
// and the filter columns answers that count without reading a row.

/** An id as the count tables key it: text in lower case, '' for none (a primary key column cannot be null). */
const key = (column: string) => `coalesce(lower(cast(${column} as varchar(64))), '')`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('client_counts', (t) => {
    t.uuid('team_id').notNullable();
    t.string('status', 10).notNullable();
    t.string('type', 2).notNullable();
    t.bigInteger('n').notNullable();
    t.primary(['team_id', 'status', 'type']);
  });
  await knex.raw(`
    insert into client_counts (team_id, status, type, n)
    select team_id, status, type, count(*) from clients group by team_id, status, type`);

  await knex.schema.createTable('lead_counts', (t) => {
    t.uuid('team_id').notNullable();
    t.string('project_key', 64).notNullable();
    t.boolean('is_active').notNullable();
    t.bigInteger('n').notNullable();
    t.primary(['team_id', 'project_key', 'is_active']);
  });
  await knex.raw(`
    insert into lead_counts (team_id, project_key, is_active, n)
    select team_id, ${key('project_id')}, is_active, count(*) from project_leads group by team_id, ${key('project_id')}, is_active`);

  // Live tasks only: a soft-deleted task is in no list.
  await knex.schema.createTable('task_counts', (t) => {
    t.uuid('team_id').notNullable();
    t.string('project_key', 64).notNullable();
    t.string('pipeline_key', 64).notNullable();
    t.bigInteger('n').notNullable();
    t.primary(['team_id', 'project_key', 'pipeline_key']);
  });
  await knex.raw(`
    insert into task_counts (team_id, project_key, pipeline_key, n)
    select team_id, ${key('project_id')}, ${key('pipeline_id')}, count(*) from tasks where deleted_at is null
    group by team_id, ${key('project_id')}, ${key('pipeline_id')}`);

  // `deleted_at` second, as in the index the page is read by: a live-task filter is then two equalities
  // on either, and the planners pick this one, which holds every column the count filters on.
  await knex.schema.alterTable('tasks', (t) => {
    t.index(['team_id', 'deleted_at', 'project_id', 'pipeline_id', 'column_slug', 'priority'], 'tasks_team_deleted_filters');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tasks', (t) => {
    t.dropIndex([], 'tasks_team_deleted_filters');
  });
  for (const table of ['task_counts', 'lead_counts', 'client_counts']) await knex.schema.dropTable(table);
}
