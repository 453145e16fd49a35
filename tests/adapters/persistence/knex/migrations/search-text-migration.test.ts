import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { foldText, searchTextOf } from '../../../../../domain/shared/search-text';
import { NAMES } from '../../../../support/search-cases';
import { forEachMigrationBackend } from '../../../../support/migration-harness';

forEachMigrationBackend('20261124000400_search_text', (world) => {
  it('backfills existing rows with the same folded text the repositories write', async () => {
    const { knex } = world();
    await world().migrateToBefore();
    const teamId = randomUUID();
    const now = '2026-01-01T00:00:00.000Z';
    const rows = NAMES.map((n, i) => ({
      team_id: teamId,
      id: randomUUID(),
      type: 'PF',
      name: n.text,
      email: `c${i}@example.com`,
      status: 'active',
      tags: '[]',
      cpf: i === 0 ? '52998224725' : null,
      created_at: now,
      updated_at: now,
    }));
    await knex('clients').insert(rows);
    await knex('deals').insert(
      NAMES.map((n) => ({
        team_id: teamId,
        id: randomUUID(),
        scope: 'global',
        title: n.text,
        description: 'Ação',
        currency: 'BRL',
        phase: 'lead',
        priority: 'media',
        status: 'ativo',
        tags: '[]',
        created_at: now,
        updated_at: now,
      })),
    );

    await world().migrateToLatest();

    const clients = await knex('clients').where({ team_id: teamId }).select('name', 'email', 'cpf', 'cnpj', 'search_text');
    expect(clients).to.have.length(NAMES.length);
    for (const c of clients) expect(c.search_text).to.equal(searchTextOf([c.name, c.email, c.cpf, c.cnpj], [c.cpf, c.cnpj]));
    const deals = await knex('deals').where({ team_id: teamId }).select('title', 'search_text');
    for (const d of deals) {
      expect(d.search_text).to.equal(searchTextOf([d.title, 'Ação']));
      expect(d.search_text).to.equal(`${foldText(d.title)}\u001facao`);
    }
  });
});
