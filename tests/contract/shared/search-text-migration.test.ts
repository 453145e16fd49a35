import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Knex } from 'knex';
import { migrationSource } from '../../../adapters/persistence/knex/migrations';
import { createKnex } from '../../../adapters/persistence/knex/shared/connection';
import { foldText, searchTextOf } from '../../../domain/shared/search-text';
import { backendNames } from '../../support/backends';
import { NAMES } from '../../support/search-cases';

const SEARCH_TEXT = '20261124000400_search_text';

/** The migrations that shipped before the search_text column. */
const shippedBefore: Knex.MigrationSource<string> = {
  ...migrationSource,
  getMigrations: async (loadExtensions) => (await migrationSource.getMigrations(loadExtensions)).filter((n) => n < SEARCH_TEXT),
};

for (const backend of backendNames().filter((b) => b !== 'memory')) {
  describe(`search_text migration [${backend}]`, () => {
    let knex: Knex;
    const schema = backend === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;

    before(async () => {
      const url = backend === 'postgres' ? process.env.TEST_DATABASE_URL! : 'sqlite::memory:';
      if (schema) {
        const admin = createKnex(url);
        await admin.raw('create schema ??', [schema]);
        await admin.destroy();
      }
      knex = createKnex(url, { schema });
    });
    after(async () => {
      if (schema) await knex.raw('drop schema if exists ?? cascade', [schema]);
      await knex.destroy();
    });

    it('backfills existing rows with the same folded text the repositories write', async () => {
      await knex.migrate.latest({ migrationSource: shippedBefore, schemaName: schema });
      const teamId = randomUUID();
      const now = '2026-01-01T00:00:00.000Z';
      const rows = NAMES.map((n, i) => ({
        team_id: teamId, id: randomUUID(), type: 'PF', name: n.text, email: `c${i}@example.com`, status: 'active', tags: '[]',
        cpf: i === 0 ? '52998224725' : null, created_at: now, updated_at: now,
      }));
      await knex('clients').insert(rows);
      await knex('deals').insert(NAMES.map((n) => ({
        team_id: teamId, id: randomUUID(), scope: 'global', title: n.text, description: 'Ação', currency: 'BRL', phase: 'lead',
        priority: 'media', status: 'ativo', tags: '[]', created_at: now, updated_at: now,
      })));

      await knex.migrate.latest({ migrationSource, schemaName: schema });

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
}
