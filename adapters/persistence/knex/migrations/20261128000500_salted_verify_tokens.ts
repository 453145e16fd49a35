import { Knex } from 'knex';
import { isPostgres } from './dialect';

// Verify tokens are kept salted (`scrypt$N$r$p$<salt>$<key>`), longer than the 64 hex characters of the
// unsalted SHA-256 this column was sized for; those stay readable. SQLite does not enforce a varchar
// length, and altering a column there rebuilds the table, so only PostgreSQL changes.

export async function up(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.string('verify_token_hash', 255).nullable().alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  // Salted hashes do not fit the old column: those endpoints lose their token and are set again.
  await knex('webhook_endpoints').whereRaw('length(verify_token_hash) > 64').update({ verify_token_hash: null });
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.string('verify_token_hash', 64).nullable().alter();
  });
}
