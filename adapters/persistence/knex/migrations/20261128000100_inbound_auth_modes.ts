import { Knex } from 'knex';

// Each inbound endpoint says how its source authenticates (`secret`, a signature scheme, a URL token or
// `none`). Endpoints made before kept a secret hash, or none when created without a secret. A signature
// mode keeps its signing secret sealed (it must be read back to compute an HMAC), never in clear.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.string('auth_mode', 20).notNullable().defaultTo('secret');
    t.text('signing_secret').nullable();
  });
  await knex('webhook_endpoints').whereNull('secret_hash').update({ auth_mode: 'none' });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.dropColumn('auth_mode');
    t.dropColumn('signing_secret');
  });
}
