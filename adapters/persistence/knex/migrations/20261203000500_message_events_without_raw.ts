import { Knex } from 'knex';
import { isPostgres } from './dialect';

// A WhatsApp message's events no longer carry the provider's raw object (`data.object.raw`): the message keeps
// it for WHATSAPP_RAW_RETENTION_DAYS only, while the log now keeps events for the audit trail's retention (a
// year by default). The events written before lose their copy here, in one statement per backend.

export async function up(knex: Knex): Promise<void> {
  const where = `where "type" like 'whatsapp.message.%'`;
  if (isPostgres(knex)) {
    await knex.raw(`update "events" set "data" = (("data"::jsonb #- '{object,raw}') #- '{previous,raw}')::text ${where}`);
  } else {
    await knex.raw(`update "events" set "data" = json_remove("data", '$.object.raw', '$.previous.raw') ${where}`);
  }
}

/** The copies are gone: there is nothing to put back. */
export async function down(): Promise<void> {}
