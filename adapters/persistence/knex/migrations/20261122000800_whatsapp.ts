import { Knex } from 'knex';

// Placeholder: the context's schema is written here before its first release.
export async function up(_knex: Knex): Promise<void> {}

export async function down(_knex: Knex): Promise<void> {}
