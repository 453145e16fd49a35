import { Knex } from 'knex';

// Projects and their CRM: stages, squads, projects, pipelines (columns and loss reasons as JSON, read
// and written whole), companies, team-wide contact identities and project leads.
const stamps = (t: Knex.CreateTableBuilder) => {
  t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
  t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project_stages', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.text('name').notNullable();
    t.text('slug').notNullable();
    t.text('color').nullable();
    t.integer('position').notNullable();
    t.string('category', 16).notNullable();
    t.boolean('is_initial').notNullable();
    t.boolean('is_done').notNullable();
    t.boolean('is_archived').notNullable();
    stamps(t);
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'position']);
  });

  await knex.schema.createTable('squads', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.text('name').notNullable();
    stamps(t);
    t.primary(['team_id', 'id']);
  });

  await knex.schema.createTable('projects', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.text('name').notNullable();
    t.text('slug').notNullable();
    t.text('description').nullable();
    t.uuid('stage_id').notNullable();
    t.string('priority', 10).notNullable();
    t.text('color').nullable();
    t.text('briefing').nullable();
    t.uuid('squad_id').nullable();
    t.uuid('client_id').nullable();
    t.date('start_date').nullable();
    t.date('due_date').nullable();
    t.timestamp('completed_at', { useTz: true, precision: 3 }).nullable();
    t.uuid('created_by').nullable();
    t.boolean('is_internal').notNullable();
    t.timestamp('archived_at', { useTz: true, precision: 3 }).nullable();
    stamps(t);
    t.primary(['team_id', 'id']);
    t.unique(['team_id', 'slug']);
    t.index(['team_id', 'archived_at', 'created_at']);
    t.index(['team_id', 'stage_id']);
  });

  await knex.schema.createTable('pipelines', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('project_id').nullable();
    t.text('name').notNullable();
    t.text('slug').notNullable();
    t.boolean('is_default').notNullable();
    t.text('columns').notNullable();
    t.text('loss_reasons').notNullable();
    stamps(t);
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'project_id']);
  });

  await knex.schema.createTable('project_companies', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('project_id').notNullable();
    t.text('name').notNullable();
    t.boolean('is_active').notNullable();
    stamps(t);
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'project_id']);
  });

  await knex.schema.createTable('contact_identities', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.text('display_name').notNullable();
    t.text('primary_phone').nullable();
    t.text('primary_email').nullable();
    t.text('phone_key').nullable();
    t.text('email_key').nullable();
    t.text('custom_fields').notNullable();
    stamps(t);
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'phone_key']);
    t.index(['team_id', 'email_key']);
  });

  await knex.schema.createTable('project_leads', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('project_id').notNullable();
    t.string('public_id', 16).notNullable();
    t.text('full_name').notNullable();
    t.text('email').nullable();
    t.text('phone').nullable();
    t.text('email_key').nullable();
    t.text('phone_key').nullable();
    t.text('tags').notNullable();
    t.text('notes').nullable();
    t.text('customer_source').nullable();
    t.text('utm_source').nullable();
    t.text('utm_medium').nullable();
    t.text('utm_campaign').nullable();
    t.text('attribution').nullable();
    t.text('metadata').notNullable();
    t.text('custom_fields').notNullable();
    t.boolean('is_active').notNullable();
    t.uuid('contact_identity_id').notNullable();
    t.uuid('company_id').nullable();
    t.text('company_name').nullable();
    t.uuid('created_by').nullable();
    stamps(t);
    t.primary(['team_id', 'id']);
    t.unique(['team_id', 'public_id']);
    t.index(['team_id', 'project_id', 'created_at']);
    // A project never holds two leads with one phone or one email (nulls do not collide).
    t.unique(['team_id', 'project_id', 'phone_key']);
    t.unique(['team_id', 'project_id', 'email_key']);
    t.index(['team_id', 'contact_identity_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['project_leads', 'contact_identities', 'project_companies', 'pipelines', 'projects', 'squads', 'project_stages']) {
    await knex.schema.dropTableIfExists(table);
  }
}
