import { Knex } from 'knex';

const stamp = (t: Knex.CreateTableBuilder, name: string, nullable = false) => {
  const c = t.timestamp(name, { useTz: true, precision: 3 });
  return nullable ? c.nullable() : c.notNullable();
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('whatsapp_inboxes', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.text('name').notNullable();
    t.string('channel', 20).notNullable();
    t.boolean('is_active').notNullable();
    // The Cloud API webhook finds its inbox by this id; kept out of the JSON so it can be queried.
    t.string('phone_number_id', 64).nullable();
    // Provider secrets: never presented by the API.
    t.text('credentials').notNullable();
    stamp(t, 'created_at');
    stamp(t, 'updated_at');
    t.primary(['team_id', 'id']);
    t.unique(['team_id', 'phone_number_id']);
  });

  await knex.schema.createTable('whatsapp_contacts', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.string('phone', 20).notNullable();
    // The same key for both Brazilian 9th-digit spellings: one contact per person.
    t.string('phone_key', 20).notNullable();
    t.string('jid', 64).notNullable();
    t.text('push_name').nullable();
    t.text('custom_name').nullable();
    t.text('notes').nullable();
    t.text('tags').notNullable();
    t.uuid('client_id').nullable();
    stamp(t, 'created_at');
    stamp(t, 'updated_at');
    t.primary(['team_id', 'id']);
    t.unique(['team_id', 'phone_key']);
    t.index(['team_id', 'created_at']);
    t.index(['team_id', 'client_id']);
  });

  await knex.schema.createTable('whatsapp_conversations', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('inbox_id').notNullable();
    t.uuid('contact_id').notNullable();
    t.string('channel', 20).notNullable();
    stamp(t, 'last_inbound_at', true);
    stamp(t, 'last_message_at', true);
    stamp(t, 'created_at');
    stamp(t, 'updated_at');
    t.primary(['team_id', 'id']);
    t.unique(['team_id', 'inbox_id', 'contact_id']);
    t.index(['team_id', 'contact_id']);
    // A contact with conversations cannot be deleted, even by a writer that skipped the check.
    t.foreign(['team_id', 'contact_id']).references(['team_id', 'id']).inTable('whatsapp_contacts').onDelete('RESTRICT');
    t.foreign(['team_id', 'inbox_id']).references(['team_id', 'id']).inTable('whatsapp_inboxes').onDelete('RESTRICT');
  });

  await knex.schema.createTable('whatsapp_messages', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('conversation_id').notNullable();
    t.uuid('inbox_id').notNullable();
    t.uuid('contact_id').notNullable();
    t.string('direction', 10).notNullable();
    t.string('type', 10).notNullable();
    t.text('content').notNullable();
    t.string('status', 12).notNullable();
    t.string('provider_message_id', 255).nullable();
    t.text('error').nullable();
    stamp(t, 'created_at');
    stamp(t, 'updated_at');
    t.primary(['team_id', 'id']);
    // Status webhooks find a message by the provider's id; redelivered inbound messages are recorded once.
    t.unique(['team_id', 'inbox_id', 'provider_message_id']);
    t.index(['team_id', 'conversation_id', 'created_at']);
    t.foreign(['team_id', 'conversation_id']).references(['team_id', 'id']).inTable('whatsapp_conversations').onDelete('RESTRICT');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('whatsapp_messages');
  await knex.schema.dropTable('whatsapp_conversations');
  await knex.schema.dropTable('whatsapp_contacts');
  await knex.schema.dropTable('whatsapp_inboxes');
}
