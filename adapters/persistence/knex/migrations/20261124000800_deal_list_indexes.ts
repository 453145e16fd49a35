import { Knex } from 'knex';
import { isPostgres } from './dialect';

// Indexes that let a deal list page walk only index entries: the total and the page's ids come from an
// index on the filter, the sort and the id (the tie-breaker), and only the page's twenty rows are read
// whole. One for the default order (newest first) and one for the order by title, on the very expression
// the query sorts by (lower(title), in byte order on PostgreSQL).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('deals', (t) => {
    t.index(['team_id', 'scope', 'created_at', 'id'], 'deals_team_scope_created_id');
  });
  await knex.schema.alterTable('deals', (t) => {
    t.dropIndex(['team_id', 'scope', 'created_at']);
  });
  const title = isPostgres(knex) ? '(lower(title) collate "C")' : 'lower(title)';
  await knex.raw(`create index deals_team_scope_title_id on deals (team_id, scope, ${title}, id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index deals_team_scope_title_id');
  await knex.schema.alterTable('deals', (t) => {
    t.index(['team_id', 'scope', 'created_at']);
  });
  await knex.schema.alterTable('deals', (t) => {
    t.dropIndex([], 'deals_team_scope_created_id');
  });
}
