// The indexes the list queries rely on exist and are the ones chosen: a page's ids and its total read
// from a covering index, and (PostgreSQL) a search served by its trigram index.
import { expect } from 'chai';
import { forEachMigrationBackend } from '../../support/migration-harness';

const TEAM = '0190c000-0000-7000-8000-000000000001';

forEachMigrationBackend('20261124001000_search_trigram', (world) => {
  it('reads the ids of a deal page and sorts by title on covering indexes, and PostgreSQL indexes the search text', async () => {
    const { knex, backend } = world();
    await world().migrateToLatest();
    const page = `select d.id from deals as d where d.team_id = '${TEAM}' and d.scope = 'global' order by d.created_at desc, d.id desc limit 20 offset 40`;
    const byTitle = `select d.id from deals as d where d.team_id = '${TEAM}' and d.scope = 'global' order by lower(d.title) asc, d.id asc limit 20`;
    if (backend === 'sqlite') {
      const plan = async (sql: string) => JSON.stringify(await knex.raw(`explain query plan ${sql}`));
      expect(await plan(page)).to.include('COVERING INDEX deals_team_scope_created_id');
      expect(await plan(byTitle)).to.include('COVERING INDEX deals_team_scope_title_id');
      return;
    }
    const indexes = (await knex('pg_indexes').where('schemaname', knex.raw('current_schema()')).pluck('indexname')) as string[];
    expect(indexes).to.include.members([
      'deals_team_scope_created_id',
      'deals_team_scope_title_id',
      'deals_search_trgm',
      'clients_search_trgm',
      'project_leads_search_trgm',
      'tasks_search_trgm',
      'whatsapp_contacts_search_trgm',
    ]);
    await knex.raw('set enable_seqscan = off');
    const plan = (await knex.raw(`explain select id from deals where search_text like '%curitiba 123%' escape '\\'`)).rows
      .map((r: Record<string, string>) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).to.include('deals_search_trgm');
  });
});
