import { Knex } from 'knex';

// Event subscriptions: where a team's events are POSTed, which ones, and the secrets they are signed with
// (sealed with SECRETS_KEY). `events` is a JSON list of types and patterns, read whole with its row: the
// dispatcher matches each event against every active subscription of its team, never by SQL.

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_subscriptions', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.text('url').notNullable();
    t.text('events').notNullable();
    t.text('description').nullable();
    t.boolean('is_active').notNullable();
    t.text('secret_sealed').notNullable();
    t.text('previous_secret_sealed').nullable();
    ts(t, 'previous_secret_expires_at').nullable();
    t.text('disabled_reason').nullable();
    ts(t, 'disabled_at').nullable();
    ts(t, 'failing_since').nullable();
    ts(t, 'created_at').notNullable();
    ts(t, 'updated_at').notNullable();
    t.primary(['team_id', 'id']);
    // The list's default order, and the dispatcher's fan-out in creation order.
    t.index(['team_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('event_subscriptions');
}
