import { Knex } from 'knex';

// The privacy log (POST /privacy/erasures): one row per erasure request, with who asked, the request it came
// with, its reason, the count of records of each kind it anonymised (JSON), and a salted SHA-256 of the
// identifiers it was asked about beside its salt, never the identifiers themselves. A team's entries newest
// first are its key in reverse (ids are time-ordered).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('privacy_erasures', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.string('actor', 200).notNullable();
    t.string('request_id', 128).nullable();
    t.text('reason').notNullable();
    t.text('counts').notNullable();
    t.string('identifiers_hash', 64).notNullable();
    t.string('identifiers_salt', 64).notNullable();
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
    t.primary(['team_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('privacy_erasures');
}
