import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { forEachMigrationBackend } from '../../support/migration-harness';

forEachMigrationBackend('20261126000200_deal_day_counts', (world) => {
  it('counts the deals that existed before it, per team, scope and day of creation in UTC', async () => {
    const { knex } = world();
    await world().migrateToBefore();
    const [teamA, teamB] = [randomUUID(), randomUUID()];
    await knex('teams').insert([teamA, teamB].map((id) => ({ id, name: 'Equipe', created_at: '2026-01-01T00:00:00.000Z' })));
    const deal = (teamId: string, createdAt: string, scope = 'global') => ({
      team_id: teamId,
      id: randomUUID(),
      scope,
      title: 'Negócio',
      currency: 'BRL',
      phase: 'lead',
      priority: 'media',
      status: 'ativo',
      tags: '[]',
      created_at: createdAt,
      updated_at: createdAt,
    });
    await knex('deals').insert([
      deal(teamA, '2026-03-01T00:00:00.000Z'),
      deal(teamA, '2026-03-01T23:59:59.999Z'),
      deal(teamA, '2026-03-02T00:00:00.000Z'),
      deal(teamA, '2026-03-02T12:00:00.000Z', 'project'),
      deal(teamB, '2026-03-01T10:00:00.000Z'),
    ]);

    await world().migrateToLatest();

    const counts = (await knex('deal_day_counts').select('team_id', 'scope', 'day', 'n')).map((r) => ({ ...r, n: Number(r.n) }));
    expect(counts).to.have.deep.members([
      { team_id: teamA, scope: 'global', day: '2026-03-01', n: 2 },
      { team_id: teamA, scope: 'global', day: '2026-03-02', n: 1 },
      { team_id: teamA, scope: 'project', day: '2026-03-02', n: 1 },
      { team_id: teamB, scope: 'global', day: '2026-03-01', n: 1 },
    ]);
  });
});
