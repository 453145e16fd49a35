import { Knex } from 'knex';

// The contacts (project leads) linked to a project deal, main contact first.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('deal_contacts', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.uuid('deal_id').notNullable();
    t.uuid('lead_id').notNullable();
    t.uuid('contact_identity_id').notNullable();
    t.boolean('is_primary').notNullable();
    t.integer('position').notNullable();
    t.timestamp('linked_at', { useTz: true, precision: 3 }).notNullable();
    t.primary(['team_id', 'id']);
    t.unique(['team_id', 'deal_id', 'lead_id']);
    t.index(['team_id', 'lead_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('deal_contacts');
}
