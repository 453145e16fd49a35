import { Knex } from 'knex';

// A message now goes out as text, an approved template or a media link (issue 36), and keeps when each of
// its delivery statuses was first reported. `media_url` is the link a media message was sent with (or the
// provider's link to a received file); `template` is the template as sent (JSON: name, language,
// components). The four times are null on rows written before: when those statuses came is not known.

const TIMES = ['sent_at', 'delivered_at', 'read_at', 'failed_at'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_messages', (t) => {
    t.text('media_url').nullable();
    t.text('template').nullable();
    for (const c of TIMES) t.timestamp(c, { useTz: true, precision: 3 }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_messages', (t) => {
    for (const c of ['media_url', 'template', ...TIMES]) t.dropColumn(c);
  });
}
