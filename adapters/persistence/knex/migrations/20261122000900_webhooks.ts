import { Knex } from 'knex';

// Inbound webhook endpoints and every payload they accepted (stored before processing, with its outcome).

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.string('endpoint_id', 80).notNullable();
    t.text('name').notNullable();
    t.string('slug', 80).notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.string('action_type', 20).notNullable();
    t.uuid('project_id').notNullable();
    t.uuid('pipeline_id').nullable();
    t.text('column_slug').nullable();
    t.text('field_mapping').notNullable();
    t.string('secret_hash', 64).nullable();
    ts(t, 'created_at').notNullable();
    ts(t, 'updated_at').notNullable();
    t.primary(['team_id', 'id']);
    t.unique(['team_id', 'slug']);
    t.unique(['team_id', 'endpoint_id']);
    t.index(['team_id', 'created_at']);
    // The public receiver knows only the endpoint id, not the team. A plain index (not a unique
    // key) keeps the table distributable by team_id; the id is 256 random bits, so it never repeats.
    t.index(['endpoint_id']);
  });

  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('webhook_id').notNullable();
    t.string('action', 20).notNullable();
    t.text('payload').notNullable();
    t.string('status', 10).notNullable();
    t.text('entity_id').nullable();
    t.string('entity_type', 20).nullable();
    t.text('error').nullable();
    t.integer('attempts').notNullable();
    ts(t, 'received_at').notNullable();
    ts(t, 'processed_at').nullable();
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'webhook_id', 'received_at']);
    // The operator replays a delivery by its id alone.
    t.index(['id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webhook_deliveries');
  await knex.schema.dropTableIfExists('webhook_endpoints');
}
