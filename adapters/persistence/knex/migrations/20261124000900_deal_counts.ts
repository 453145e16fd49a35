import { Knex } from 'knex';

// The number of deals per team, scope, project, pipeline and status, kept by the deal repository in the
// same transaction as each write, so the total of the lists people open most (a scope, a status, a
// project's or a pipeline's board) is a read of a few rows however many deals the team has. A list with
// any other filter still counts its rows. Existing deals are counted here.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('deal_counts', (t) => {
    t.uuid('team_id').notNullable();
    t.string('scope', 10).notNullable();
    // '' when the deal has none: a primary key column cannot be null.
    t.string('project_key', 64).notNullable();
    t.string('pipeline_key', 64).notNullable();
    t.text('status').notNullable();
    t.bigInteger('n').notNullable();
    t.primary(['team_id', 'scope', 'project_key', 'pipeline_key', 'status']);
  });
  const key = (column: string) => `coalesce(lower(cast(${column} as varchar(64))), '')`;
  await knex.raw(`
    insert into deal_counts (team_id, scope, project_key, pipeline_key, status, n)
    select team_id, scope, ${key('project_id')}, ${key('pipeline_id')}, status, count(*)
    from deals group by team_id, scope, ${key('project_id')}, ${key('pipeline_id')}, status`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('deal_counts');
}
