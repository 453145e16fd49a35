import { Knex } from 'knex';

// Raw payloads are kept for a retention only (INBOUND_RAW_RETENTION_DAYS, WHATSAPP_RAW_RETENTION_DAYS): past
// it, a delivery's body as posted and its reading, and a message's raw provider object, become null. The
// minimisation walks every team's rows oldest first; each index holds only the rows that still keep a
// payload, so a pass reads what it drops and not the years of rows dropped before. Team second, as the
// event log's retention index (every index holds team_id: the distribution plan).

/** Each table, the name of its index, its columns and the rows it holds (the condition the drop repeats). */
const INDEXES: readonly { table: string; name: string; columns: string[]; where: string }[] = [
  {
    table: 'webhook_deliveries',
    name: 'webhook_deliveries_received_at_team_id_raw_index',
    columns: ['received_at', 'team_id'],
    // `payload` is JSON text and never null: a delivery without a reading holds the text `null`.
    where: `"raw_body" is not null or "payload" <> 'null'`,
  },
  {
    table: 'whatsapp_messages',
    name: 'whatsapp_messages_created_at_team_id_raw_index',
    columns: ['created_at', 'team_id'],
    where: '"raw" is not null',
  },
];

export async function up(knex: Knex): Promise<void> {
  for (const { table, name, columns, where } of INDEXES) {
    await knex.raw(`create index "${name}" on "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) where ${where}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { name } of INDEXES) await knex.raw(`drop index if exists "${name}"`);
}
