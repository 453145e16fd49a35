import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Knex } from 'knex';
import { migrationSource } from '../../../adapters/persistence/knex/migrations';
import { createKnex } from '../../../adapters/persistence/knex/shared/connection';
import { backendNames } from '../../support/backends';

const DEAL_COUNTS = '20261124000900_deal_counts';

/** The migrations that shipped before the kept deal counts. */
const shippedBefore: Knex.MigrationSource<string> = {
  ...migrationSource,
  getMigrations: async (loadExtensions) => (await migrationSource.getMigrations(loadExtensions)).filter((n) => n < DEAL_COUNTS),
};

for (const backend of backendNames().filter((b) => b !== 'memory')) {
  describe(`deal_counts migration [${backend}]`, () => {
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

    it('counts the deals that existed before it, per team, scope, project, pipeline and status', async () => {
      await knex.migrate.latest({ migrationSource: shippedBefore, schemaName: schema });
      const [teamA, teamB, project, pipeline] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const now = '2026-01-01T00:00:00.000Z';
      const deal = (teamId: string, over: Record<string, unknown>) => ({
        team_id: teamId, id: randomUUID(), scope: 'global', title: 'Negócio', currency: 'BRL', phase: 'lead', priority: 'media',
        status: 'ativo', tags: '[]', created_at: now, updated_at: now, ...over,
      });
      await knex('deals').insert([
        deal(teamA, {}), deal(teamA, {}), deal(teamA, { status: 'arquivado' }), deal(teamB, {}),
        deal(teamA, { scope: 'project', project_id: project, pipeline_id: pipeline, status: 'open' }),
      ]);

      await knex.migrate.latest({ migrationSource, schemaName: schema });

      const counts = (await knex('deal_counts').select('team_id', 'scope', 'project_key', 'pipeline_key', 'status', 'n'))
        .map((r) => ({ ...r, n: Number(r.n) }));
      expect(counts).to.have.deep.members([
        { team_id: teamA, scope: 'global', project_key: '', pipeline_key: '', status: 'ativo', n: 2 },
        { team_id: teamA, scope: 'global', project_key: '', pipeline_key: '', status: 'arquivado', n: 1 },
        { team_id: teamB, scope: 'global', project_key: '', pipeline_key: '', status: 'ativo', n: 1 },
        { team_id: teamA, scope: 'project', project_key: project, pipeline_key: pipeline, status: 'open', n: 1 },
      ]);
    });
  });
}
