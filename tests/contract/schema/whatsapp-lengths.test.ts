import { expect } from 'chai';
import { migrationSource } from '../../../adapters/persistence/knex/migrations';
import { INBOX_ERROR_CODE_LENGTH, INBOX_PHONE_NUMBER_ID_LENGTH, MESSAGE_LENGTHS } from '../../../domain/whatsapp/provider-lengths';
import { backendNames } from '../../support/backends';
import { ScratchDatabase, openScratchDatabase } from '../../support/migration-harness';

// The lengths the WhatsApp records fit provider values to (domain/whatsapp/provider-lengths.ts) are the
// sizes of their columns, read from a freshly migrated PostgreSQL: SQLite enforces no varchar length
// (and its `whatsapp_messages.type` still says 10, as migration 20261124000600 explains), so only
// PostgreSQL can refuse a value, and only its catalog says what it refuses.

/** Every bounded column the Cloud API webhook fills from the provider's payload, and the length it is fitted to. */
const FITTED: Record<string, number> = {
  'whatsapp_inboxes.phone_number_id': INBOX_PHONE_NUMBER_ID_LENGTH,
  'whatsapp_messages.type': MESSAGE_LENGTHS.type,
  'whatsapp_messages.provider_message_id': MESSAGE_LENGTHS.providerMessageId,
  'whatsapp_messages.media_id': MESSAGE_LENGTHS.mediaId,
  'whatsapp_messages.media_mime_type': MESSAGE_LENGTHS.mediaMimeType,
  'whatsapp_messages.media_sha256': MESSAGE_LENGTHS.mediaSha256,
  'whatsapp_messages.context_id': MESSAGE_LENGTHS.contextId,
  'whatsapp_messages.context_from': MESSAGE_LENGTHS.contextFrom,
  'whatsapp_inbox_errors.code': INBOX_ERROR_CODE_LENGTH,
};

/** Bounded columns the API fills with values of its own, never the provider's text. */
const OWN_VALUES = [
  // the channels the API knows
  'whatsapp_inboxes.channel',
  // the connection states the API knows (`open`, `connecting`, `close`)
  'whatsapp_inboxes.connection_state',
  'whatsapp_conversations.channel',
  // a validated number (at most 15 digits) and its address, never the text the provider sent
  'whatsapp_contacts.phone',
  'whatsapp_contacts.phone_key',
  'whatsapp_contacts.jid',
  // `inbound` / `outbound`, and the API's own statuses
  'whatsapp_messages.direction',
  'whatsapp_messages.status',
];

if (backendNames().includes('postgres')) {
  describe('WhatsApp provider value lengths [postgres]', () => {
    let db: ScratchDatabase | undefined;
    before(async function () {
      this.timeout(60000);
      db = await openScratchDatabase('postgres');
      await db.knex.migrate.latest({ migrationSource, schemaName: db.schema });
    });
    after(async () => db?.drop());

    it('are the sizes of the columns, and every bounded column of the WhatsApp tables is fitted or filled by the API', async () => {
      const { rows } = await db!.knex.raw<{ rows: { name: string; length: number }[] }>(
        `select table_name || '.' || column_name as name, character_maximum_length as length
           from information_schema.columns
          where table_schema = ? and table_name like 'whatsapp\\_%' and character_maximum_length is not null`,
        [db!.schema!],
      );
      const sizes = Object.fromEntries(rows.map((r) => [r.name, r.length]));
      for (const [column, length] of Object.entries(FITTED)) expect(sizes[column], column).to.equal(length);
      expect(Object.keys(sizes)).to.have.members([...Object.keys(FITTED), ...OWN_VALUES]);
    });
  });
}
