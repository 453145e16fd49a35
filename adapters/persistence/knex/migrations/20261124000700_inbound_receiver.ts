import { Knex } from 'knex';

// The inbound receiver as real providers send: every delivery keeps its raw body and content type,
// the warnings of its lenient reading, every entity it made, and the sender's idempotency key (unique
// per endpoint, so a redelivery creates nothing twice). Endpoints gain an idempotency path and the
// hash of a verify token for Meta's subscription handshake.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.text('idempotency_path').nullable();
    t.string('verify_token_hash', 64).nullable();
  });

  await knex.schema.alterTable('webhook_deliveries', (t) => {
    // Null on deliveries stored before this migration.
    t.text('raw_body').nullable();
    t.text('content_type').nullable();
    t.text('body_error').nullable();
    t.string('idempotency_key', 600).nullable();
    t.text('warnings').notNullable().defaultTo('[]');
    t.text('entity_ids').notNullable().defaultTo('[]');
    // Why a failed delivery failed: `refused` (the action said no) or `crashed` (unexpected error).
    t.string('failure', 10).nullable();
    // One delivery per sender's id and endpoint; deliveries without a key (null) are not limited.
    t.unique(['team_id', 'webhook_id', 'idempotency_key'], { indexName: 'webhook_deliveries_idempotency_key_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_deliveries', (t) => {
    t.dropUnique(['team_id', 'webhook_id', 'idempotency_key'], 'webhook_deliveries_idempotency_key_unique');
    for (const c of ['raw_body', 'content_type', 'body_error', 'idempotency_key', 'warnings', 'entity_ids', 'failure']) t.dropColumn(c);
  });
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.dropColumn('idempotency_path');
    t.dropColumn('verify_token_hash');
  });
}
