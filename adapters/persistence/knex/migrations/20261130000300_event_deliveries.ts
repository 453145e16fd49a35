import { Knex } from 'knex';

// Deliveries of events to subscriptions (one per event and subscription, made by the dispatcher's fan-out),
// and each attempt of each. A delivery is known by its subscription and its event: its id is the event's, and
// that key is its primary key, so the fan-out writes three index entries a row, no more (a row is written for
// every event and subscription, on the hot path of every write's dispatch). Event ids are time-ordered, so a
// subscription's deliveries newest first are its key in reverse. A delivery names its event and subscription without foreign keys: events are
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
    // The fan-out adds a delivery once per event and subscription, however often it runs; a subscription's
    // deliveries newest first.
    t.primary(['team_id', 'subscription_id', 'id']);
  });
  // Partial indexes, so that a new delivery (pending) and one that succeeds cost no entry in the one, and a
  // succeeded one leaves the other. The deliverer serves every tenant: due deliveries across teams, team_id
  // trailing. A subscription's failed deliveries (to list and recover), newest first.
  await knex.raw(
    'create index "event_deliveries_status_next_attempt_at_team_id_index" on "event_deliveries" ' +
      `("status", "next_attempt_at", "team_id") where "status" in ('pending', 'processing')`,
  );
  await knex.raw(
    'create index "event_deliveries_team_id_subscription_id_failed_index" on "event_deliveries" ' +
      `("team_id", "subscription_id", "id") where "status" = 'failed'`,
  );
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
    t.index(['team_id', 'subscription_id', 'delivery_id', 'attempt']);
    t.foreign(['team_id', 'subscription_id', 'delivery_id'], 'event_delivery_attempts_team_id_subscription_id_delivery_id_foreign')
      .references(['team_id', 'subscription_id', 'id'])
      .inTable('event_deliveries')
      .onDelete('cascade');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('event_delivery_attempts');
  await knex.schema.dropTableIfExists('event_deliveries');
}
