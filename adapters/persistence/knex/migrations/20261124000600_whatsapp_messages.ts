import { Knex } from 'knex';
import { isPostgres } from './dialect';

// Every inbound WhatsApp message is kept whatever its type (issue 18): the media handle, the message
// replied to, the ad referral and the provider's raw object go beside the readable text in `content`.
// Rows written before keep working: their columns are null, and their `type` is already `text`.
// Conversations keep the ad they came from, and errors about a number as a whole get their own table.

export async function up(knex: Knex): Promise<void> {
  // `interactive` and `unsupported` are longer than the 10 characters of the first schema. SQLite does
  // not enforce a varchar length, and altering a column there rebuilds the table, so only PostgreSQL changes.
  if (isPostgres(knex)) {
    await knex.schema.alterTable('whatsapp_messages', (t) => {
      t.string('type', 32).notNullable().alter();
    });
  }

  await knex.schema.alterTable('whatsapp_messages', (t) => {
    t.string('media_id', 255).nullable();
    t.string('media_mime_type', 255).nullable();
    t.string('media_sha256', 255).nullable();
    t.text('media_filename').nullable();
    t.string('context_id', 255).nullable();
    t.string('context_from', 64).nullable();
    t.text('referral').nullable();
    t.text('raw').nullable();
  });

  await knex.schema.alterTable('whatsapp_conversations', (t) => {
    t.text('source').nullable();
    // The list's default order and its `updated_since` filter; inbox and contact filters already have theirs.
    t.index(['team_id', 'created_at']);
    t.index(['team_id', 'updated_at']);
  });

  await knex.schema.createTable('whatsapp_inbox_errors', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('inbox_id').notNullable();
    t.string('code', 32).nullable();
    t.text('title').nullable();
    t.text('detail').nullable();
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
    t.primary(['team_id', 'id']);
    t.index(['team_id', 'inbox_id', 'created_at']);
    t.index(['team_id', 'created_at']);
    t.foreign(['team_id', 'inbox_id']).references(['team_id', 'id']).inTable('whatsapp_inboxes').onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('whatsapp_inbox_errors');
  await knex.schema.alterTable('whatsapp_conversations', (t) => {
    t.dropIndex(['team_id', 'updated_at']);
    t.dropIndex(['team_id', 'created_at']);
    t.dropColumn('source');
  });
  await knex.schema.alterTable('whatsapp_messages', (t) => {
    for (const c of ['media_id', 'media_mime_type', 'media_sha256', 'media_filename', 'context_id', 'context_from', 'referral', 'raw'])
      t.dropColumn(c);
  });
}
