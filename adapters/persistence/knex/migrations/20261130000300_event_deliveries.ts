import { Knex } from 'knex';

// Deliveries of events to subscriptions (one per event and subscription, made by the dispatcher's fan-out),
// and each attempt of each. A delivery names its event and subscription without foreign keys: events are
// purged after their retention, and a delivery stays the record of what was sent after its subscription is
// deleted. An attempt belongs to its delivery and goes with it.

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_deliveries', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('subscription_id').notNullable();
    t.uuid('event_id').notNullable();
    t.string('event_type', 60).notNullable();
    t.string('status', 12).notNullable();
    t.integer('attempts').notNullable();
    ts(t, 'next_attempt_at').nullable();
    ts(t, 'last_attempt_at').nullable();
    t.integer('last_status_code').nullable();
    t.text('last_error').nullable();
    ts(t, 'created_at').notNullable();
    ts(t, 'updated_at').notNullable();
    t.primary(['team_id', 'id']);
    // The fan-out adds a delivery once per event and subscription, however often it runs.
    t.unique(['team_id', 'subscription_id', 'event_id']);
    // A subscription's deliveries newest first, by status too.
    t.index(['team_id', 'subscription_id', 'created_at', 'id']);
    t.index(['team_id', 'subscription_id', 'status', 'created_at']);
    // The deliverer serves every tenant: due deliveries across teams; team_id trails.
    t.index(['status', 'next_attempt_at', 'team_id']);
  });
  await knex.schema.createTable('event_delivery_attempts', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('delivery_id').notNullable();
    t.uuid('subscription_id').notNullable();
    t.integer('attempt').notNullable();
    ts(t, 'attempted_at').notNullable();
    t.integer('status_code').nullable();
    t.integer('duration_ms').notNullable();
    t.text('error').nullable();
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'delivery_id', 'attempt']);
    t.foreign(['team_id', 'delivery_id'], 'event_delivery_attempts_team_id_delivery_id_foreign')
      .references(['team_id', 'id'])
      .inTable('event_deliveries')
      .onDelete('cascade');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('event_delivery_attempts');
  await knex.schema.dropTableIfExists('event_deliveries');
}
