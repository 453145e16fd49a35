import { Knex } from 'knex';

// Batch upserts (POST /clients/batch, POST /projects/:id/leads/batch).
//
// A batch item names an existing client by its e-mail, in any case and with spaces around: an index on the
// expression the lookup compares, team first as every index. (SQLite's lower() folds ASCII letters only;
// e-mail addresses are ASCII but for rare local parts.)
//
// Their Idempotency-Keys: one per team, route and key, holding the first request's answer (status and body,
// null while it runs) for 24 hours. The primary key is what lets one of several concurrent requests take a key.

const ts = (t: Knex.CreateTableBuilder, name: string) => t.timestamp(name, { useTz: true, precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index clients_team_email_key on clients (team_id, lower(trim(email)))');
  await knex.schema.createTable('batch_idempotency_keys', (t) => {
    t.uuid('team_id').notNullable();
    t.string('route', 32).notNullable();
    t.string('key', 512).notNullable();
    t.text('fingerprint').notNullable();
    t.integer('status').nullable();
    t.text('body').nullable();
    ts(t, 'created_at').notNullable();
    ts(t, 'expires_at').notNullable();
    t.primary(['team_id', 'route', 'key']);
    t.index(['team_id', 'expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('batch_idempotency_keys');
  await knex.raw('drop index clients_team_email_key');
}
