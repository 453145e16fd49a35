import { Knex } from 'knex';

// `workflow delete` keeps the row and marks it: the runs a workflow made name it (a foreign key that
// restricts), and `workflow runs` goes on listing them (docs/decisions.md: Deleted workflows).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('workflows', (t) => {
    t.timestamp('deleted_at', { useTz: true, precision: 3 }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('workflows', (t) => {
    t.dropColumn('deleted_at');
  });
}
