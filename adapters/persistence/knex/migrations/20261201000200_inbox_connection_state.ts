import { Knex } from 'knex';

// Evolution reports its WhatsApp session's state (`connection.update`): the last one is kept on the inbox,
// with the time it was reported, so that an older report arriving late never overwrites a newer one.
// Null until the provider reports one (and always, for the other channels).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_inboxes', (t) => {
    // `open`, `connecting` or `close`: the API stores only the states it knows.
    t.string('connection_state', 16).nullable();
    t.timestamp('connection_state_at', { useTz: true, precision: 3 }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_inboxes', (t) => {
    t.dropColumn('connection_state_at');
    t.dropColumn('connection_state');
  });
}
