import { Knex } from 'knex';

// Batch upserts (POST /clients/batch, POST /projects/:id/leads/batch) find a client by its e-mail, in any
// case and with spaces around: an index on the expression the lookup compares, team first as every index.
// (SQLite's lower() folds ASCII letters only; e-mail addresses are ASCII but for rare local parts.)

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index clients_team_email_key on clients (team_id, lower(trim(email)))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index clients_team_email_key');
}
