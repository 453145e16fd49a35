import { Knex } from 'knex';

const TEXT = [
  'display_name',
  'email',
  'phone',
  'mobile_phone',
  'whatsapp',
  'rg',
  'gender',
  'marital_status',
  'nationality',
  'legal_name',
  'trade_name',
  'state_registration',
  'municipal_registration',
  'source',
  'notes',
  'address_street',
  'address_number',
  'address_complement',
  'address_neighborhood',
  'address_city',
  'address_state',
  'address_zip_code',
  'address_country',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('clients', (t) => {
    t.uuid('team_id').notNullable();
    t.uuid('id').notNullable();
    t.string('type', 2).notNullable();
    t.text('name').notNullable();
    for (const c of TEXT) t.text(c).nullable();
    t.string('cpf', 11).nullable();
    t.string('cnpj', 14).nullable();
    t.date('birth_date').nullable();
    t.string('status', 10).notNullable();
    t.text('tags').notNullable();
    t.timestamp('deactivated_at', { useTz: true, precision: 3 }).nullable();
    t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
    t.timestamp('updated_at', { useTz: true, precision: 3 }).notNullable();
    t.primary(['team_id', 'id']);
    t.unique(['team_id', 'cpf']);
    t.unique(['team_id', 'cnpj']);
    t.index(['team_id', 'status', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('clients');
}
