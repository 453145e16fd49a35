import { Knex } from 'knex';
import { isPostgres } from './dialect';

// PostgreSQL: trigram (pg_trgm) GIN indexes on the folded search_text of the tables whose lists people
// search most, so a `like '%word%'` on the already-folded text is answered from the index instead of a
// scan of the team's rows. The matches do not change: the query is the same escaped LIKE. pg_trgm ships
// with PostgreSQL and is a trusted extension (a database owner may create it); it goes in `public`, as
// one copy serves every schema of the database. SQLite keeps its scan for now.

const TABLES = ['deals', 'clients', 'project_leads', 'tasks', 'whatsapp_contacts'];

export async function up(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  const installed = async () =>
    (await knex.raw<{ rows: unknown[] }>(`select 1 from pg_extension where extname = 'pg_trgm'`)).rows.length > 0;
  if (!(await installed())) await knex.raw('create extension if not exists pg_trgm with schema public');
  for (const table of TABLES) {
    await knex.raw(`create index ?? on ?? using gin (search_text public.gin_trgm_ops)`, [`${table}_search_trgm`, table]);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  for (const table of TABLES) await knex.raw('drop index if exists ??', [`${table}_search_trgm`]);
}
