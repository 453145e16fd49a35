import { Knex } from 'knex';

// The audit trail is the event log read another way: each event records who made its change (`actor`: an API
// key, the CLI, an inbound endpoint, a WhatsApp inbox, a workflow, an import, or the system) and the request it
// came with. Events written before this migration keep a null actor: nobody recorded it.
//
// No index of its own: one record's history is read through (team_id, subject_id), the rest newest first
// through (team_id, created_at, id). An index on the actor measured as a few per cent of every write on
// PostgreSQL (`npm run bench`, POST and PUT /deals), for a filter an operator uses now and then.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.string('actor', 120).nullable();
    t.string('request_id', 200).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.dropColumn('request_id');
    t.dropColumn('actor');
  });
}
