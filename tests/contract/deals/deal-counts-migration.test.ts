import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { forEachMigrationBackend } from '../../support/migration-harness';

forEachMigrationBackend('20261124000900_deal_counts', (world) => {
  it('counts the deals that existed before it, per team, scope, project, pipeline and status', async () => {
    const { knex } = world();
    await world().migrateToBefore();
    const [teamA, teamB, project, pipeline] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const now = '2026-01-01T00:00:00.000Z';
    // The project deal's project and pipeline (and the project's stage): the team foreign keys refuse a deal pointing at none.
    const stage = randomUUID();
    await knex('project_stages').insert({
      team_id: teamA,
      id: stage,
      name: 'Backlog',
      slug: 'backlog',
      position: 1,
      category: 'backlog',
      is_initial: true,
      is_done: false,
      is_archived: false,
      created_at: now,
      updated_at: now,
    });
    await knex('projects').insert({
      team_id: teamA,
      id: project,
      name: 'Projeto',
      slug: 'projeto',
      stage_id: stage,
      priority: 'medium',
      is_internal: false,
      created_at: now,
      updated_at: now,
    });
    await knex('pipelines').insert({
      team_id: teamA,
      id: pipeline,
      project_id: project,
      name: 'Funil',
      slug: 'funil',
      is_default: true,
      columns: '[]',
      loss_reasons: '[]',
      created_at: now,
      updated_at: now,
    });
    const deal = (teamId: string, over: Record<string, unknown>) => ({
      team_id: teamId,
      id: randomUUID(),
      scope: 'global',
      title: 'Negócio',
      currency: 'BRL',
      phase: 'lead',
      priority: 'media',
      status: 'ativo',
      tags: '[]',
      created_at: now,
      updated_at: now,
      ...over,
    });
    await knex('deals').insert([
      deal(teamA, {}),
      deal(teamA, {}),
      deal(teamA, { status: 'arquivado' }),
      deal(teamB, {}),
      deal(teamA, { scope: 'project', project_id: project, pipeline_id: pipeline, status: 'open' }),
    ]);

    await world().migrateToLatest();

    const counts = (await knex('deal_counts').select('team_id', 'scope', 'project_key', 'pipeline_key', 'status', 'n')).map((r) => ({
      ...r,
      n: Number(r.n),
    }));
    expect(counts).to.have.deep.members([
      { team_id: teamA, scope: 'global', project_key: '', pipeline_key: '', status: 'ativo', n: 2 },
      { team_id: teamA, scope: 'global', project_key: '', pipeline_key: '', status: 'arquivado', n: 1 },
      { team_id: teamB, scope: 'global', project_key: '', pipeline_key: '', status: 'ativo', n: 1 },
      { team_id: teamA, scope: 'project', project_key: project, pipeline_key: pipeline, status: 'open', n: 1 },
    ]);
  });
});
