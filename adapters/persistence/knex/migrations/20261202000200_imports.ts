import { Knex } from 'knex';

// File imports (POST /imports) and their staged rows. An import is `receiving` while its file arrives, then
// `queued`; a node runs it under a lease (`lease_owner`, `lease_until`), claimed conditionally, so one node
// at a time writes its rows. The header and the column plan are kept as JSON; each data row is kept as its
// cells (JSON), run in sequence order, and given its outcome in the transaction that writes its record.

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('imports', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.string('resource', 12).notNullable();
    t.uuid('project_id').nullable();
    t.string('status', 12).notNullable();
    t.boolean('dry_run').notNullable();
    t.string('on_duplicate', 8).notNullable();
    t.string('file_name', 255).notNullable();
    t.string('file_encoding', 20).notNullable();
    t.string('file_separator', 4).notNullable();
    t.integer('header_line').notNullable();
    t.text('headers').notNullable();
    t.text('fields').notNullable();
    t.integer('total_rows').notNullable();
    t.integer('created_count').notNullable();
    t.integer('updated_count').notNullable();
    t.integer('unchanged_count').notNullable();
    t.integer('skipped_count').notNullable();
    t.integer('failed_count').notNullable();
    t.string('error_code', 60).nullable();
    t.text('error_message').nullable();
    t.integer('attempts').notNullable();
    t.string('lease_owner', 64).nullable();
    ts(t, 'lease_until').nullable();
    ts(t, 'created_at').notNullable();
    ts(t, 'started_at').nullable();
    ts(t, 'finished_at').nullable();
    ts(t, 'updated_at').notNullable();
    t.primary(['team_id', 'id']);
    t.foreign(['team_id', 'project_id'], 'imports_team_id_project_id_foreign').references(['team_id', 'id']).inTable('projects');
  });
  // The runner serves every tenant: the imports waiting or running, oldest first, team_id trailing. A team's
  // imports newest first are its key in reverse (ids are time-ordered).
  await knex.raw(
    'create index "imports_status_created_at_team_id_index" on "imports" ("status", "created_at", "team_id") ' +
      `where "status" in ('queued', 'running')`,
  );
  await knex.schema.createTable('import_rows', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('import_id').notNullable();
    t.integer('seq').notNullable();
    t.integer('line').notNullable();
    t.text('cells').notNullable();
    t.string('status', 12).notNullable();
    t.uuid('record_id').nullable();
    t.text('problems').notNullable();
    ts(t, 'updated_at').notNullable();
    t.primary(['team_id', 'import_id', 'seq']);
    // The pending rows in order, and a status's rows in order (GET /imports/:id/rows?status=).
    t.index(['team_id', 'import_id', 'status', 'seq']);
    t.foreign(['team_id', 'import_id'], 'import_rows_team_id_import_id_foreign')
      .references(['team_id', 'id'])
      .inTable('imports')
      .onDelete('cascade');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('import_rows');
  await knex.schema.dropTableIfExists('imports');
}
