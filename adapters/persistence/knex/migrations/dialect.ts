import { Knex } from 'knex';

/** Whether a migration runs on PostgreSQL (knex types its client loosely). */
export const isPostgres = (knex: Knex): boolean => (knex.client as { config: { client: string } }).config.client === 'pg';
