import { Knex } from 'knex';

// The audit trail is the event log read another way: each event records who made its change (`actor`: an API
// key, the CLI, an inbound endpoint, a WhatsApp inbox, a workflow, an import, or the system) and the request it
// came with. Events written before this migration keep a null actor: nobody recorded it.
//
// `GET /audit-log?actor=` reads one actor's changes newest first: an index on (team, actor, time). The
// resource and record filters are served by the (team_id, subject_id) and (team_id, created_at, id) indexes.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.string('actor', 120).nullable();
    t.string('request_id', 200).nullable();
  });
  await knex.schema.alterTable('events', (t) => {
    t.index(['team_id', 'actor', 'created_at', 'id'], 'events_team_id_actor_created_at_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.dropIndex(['team_id', 'actor', 'created_at', 'id'], 'events_team_id_actor_created_at_id_index');
  });
  await knex.schema.alterTable('events', (t) => {
    t.dropColumn('request_id');
    t.dropColumn('actor');
  });
}
