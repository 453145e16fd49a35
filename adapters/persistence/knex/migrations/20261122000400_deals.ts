import { Knex } from 'knex';

// Deals of both scopes in one table (`scope` tells them apart), their Idempotency-Keys, the
// transactional outbox of deal events, and the team's workflows with their runs.

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('deals', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.string('scope', 10).notNullable();
    t.uuid('project_id').nullable();
    t.uuid('pipeline_id').nullable();
    t.text('title').notNullable();
    t.text('description').nullable();
    t.double('value').nullable();
    t.string('currency', 3).notNullable();
    t.text('phase').notNullable();
    t.string('priority', 10).notNullable();
    t.text('status').notNullable();
    t.double('probability').nullable();
    t.date('expected_close_date').nullable();
    t.text('source').nullable();
    t.text('loss_reason').nullable();
    t.text('tags').notNullable();
    t.boolean('is_starred').notNullable().defaultTo(false);
    t.uuid('client_id').nullable();
    t.uuid('responsible_id').nullable();
    ts(t, 'archived_at').nullable();
    ts(t, 'created_at').notNullable();
    ts(t, 'updated_at').notNullable();
    // Project scope.
    t.uuid('lead_id').nullable();
    t.text('attribution').nullable();
    t.text('metadata').nullable();
    t.text('custom_fields').nullable();
    t.double('position').nullable();
    t.text('origin_type').nullable();
    t.text('source_path').nullable();
    for (const c of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']) t.text(c).nullable();
    t.text('contact_name').nullable();
    t.text('contact_email').nullable();
    t.text('contact_phone').nullable();
    t.text('checklist').nullable();
    t.uuid('loss_reason_id').nullable();
    t.text('loss_note').nullable();
    t.text('win_note').nullable();
    ts(t, 'won_at').nullable();
    ts(t, 'lost_at').nullable();
    // AI data.
    t.text('ai_summary').nullable();
    t.double('ai_win_probability').nullable();
    ts(t, 'ai_analyzed_at').nullable();
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'scope', 'created_at']);
    t.index(['team_id', 'project_id', 'pipeline_id', 'created_at']);
    t.index(['team_id', 'client_id']);
    t.index(['team_id', 'lead_id']);
  });

  await knex.schema.createTable('deal_idempotency_keys', (t) => {
    t.uuid('team_id').notNullable();
    t.string('key', 512).notNullable();
    t.text('fingerprint').notNullable();
    t.uuid('deal_id').notNullable();
    ts(t, 'created_at').notNullable();
    ts(t, 'expires_at').notNullable();
    // The unique key that lets exactly one of several concurrent requests take a key.
    t.primary(['team_id', 'key']);
    t.index(['team_id', 'expires_at']);
  });

  await knex.schema.createTable('deal_events', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.string('type', 40).notNullable();
    t.uuid('deal_id').notNullable();
    t.text('data').notNullable();
    t.string('status', 12).notNullable();
    t.integer('attempts').notNullable();
    ts(t, 'available_at').notNullable();
    t.text('last_error').nullable();
    ts(t, 'created_at').notNullable();
    ts(t, 'delivered_at').nullable();
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'deal_id']);
    // The dispatcher serves every tenant, so it looks events up by due time across teams. This is
    // a plain index, not a unique key, so distributing the table by team_id still works.
    t.index(['status', 'available_at']);
  });

  await knex.schema.createTable('workflows', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.string('event', 40).notNullable();
    t.string('action', 40).notNullable();
    t.text('config').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    ts(t, 'created_at').notNullable();
    ts(t, 'updated_at').notNullable();
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'event']);
  });

  await knex.schema.createTable('workflow_runs', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('workflow_id').notNullable();
    t.uuid('event_id').notNullable();
    t.string('event', 40).notNullable();
    t.uuid('entity_id').notNullable();
    t.string('status', 10).notNullable();
    t.text('error').nullable();
    ts(t, 'created_at').notNullable();
    t.primary(['team_id', 'id']);
    // One run per event and workflow: two dispatchers racing cannot both record (and act).
    t.unique(['team_id', 'event_id', 'workflow_id']);
    t.index(['team_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['workflow_runs', 'workflows', 'deal_events', 'deal_idempotency_keys', 'deals']) {
    await knex.schema.dropTableIfExists(table);
  }
}
