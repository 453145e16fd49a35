import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Knex } from 'knex';
import { forEachMigrationBackend } from '../../../../support/migration-harness';

const NOW = '2026-01-01T00:00:00.000Z';

/** A team's stage, projects and one contact identity: the team foreign keys refuse rows pointing at none. */
async function parents(knex: Knex, teamId: string, projectIds: string[]): Promise<string> {
  const stamps = { created_at: NOW, updated_at: NOW };
  const stage = randomUUID();
  await knex('project_stages').insert({
    team_id: teamId,
    id: stage,
    name: 'Backlog',
    slug: 'backlog',
    position: 1,
    category: 'backlog',
    is_initial: true,
    is_done: false,
    is_archived: false,
    ...stamps,
  });
  for (const id of projectIds) {
    await knex('projects').insert({
      team_id: teamId,
      id,
      name: 'Projeto',
      slug: `p-${id}`,
      stage_id: stage,
      priority: 'medium',
      is_internal: false,
      ...stamps,
    });
  }
  const identity = randomUUID();
  await knex('contact_identities').insert({ team_id: teamId, id: identity, display_name: 'Pessoa', custom_fields: '{}', ...stamps });
  return identity;
}

forEachMigrationBackend('20261125000200_list_counts', (world) => {
  const [teamA, teamB, p1, p2, pipeline] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const numbered = (rows: Record<string, unknown>[]) =>
    rows.map((r) => ({ ...r, n: Number(r.n), ...('is_active' in r ? { is_active: Boolean(r.is_active) } : {}) }));

  it('counts the clients, project leads and live tasks that existed before it', async () => {
    const { knex } = world();
    await world().migrateToBefore();
    const client = (teamId: string, over: Record<string, unknown> = {}) => ({
      team_id: teamId,
      id: randomUUID(),
      type: 'PF',
      name: 'Cliente',
      status: 'active',
      tags: '[]',
      created_at: NOW,
      updated_at: NOW,
      ...over,
    });
    await knex('clients').insert([
      client(teamA),
      client(teamA),
      client(teamA, { type: 'PJ' }),
      client(teamA, { status: 'inactive' }),
      client(teamB),
    ]);
    const identities: Record<string, string> = {
      [teamA]: await parents(knex, teamA, [p1, p2]),
      [teamB]: await parents(knex, teamB, [p1, p2]),
    };
    await knex('pipelines').insert({
      team_id: teamA,
      id: pipeline,
      project_id: p1,
      name: 'Funil',
      slug: 'funil',
      is_default: true,
      columns: '[]',
      loss_reasons: '[]',
      created_at: NOW,
      updated_at: NOW,
    });
    let publicId = 0;
    const lead = (teamId: string, projectId: string, over: Record<string, unknown> = {}) => ({
      team_id: teamId,
      id: randomUUID(),
      project_id: projectId,
      public_id: `p${++publicId}`,
      full_name: 'Lead',
      tags: '[]',
      metadata: '{}',
      custom_fields: '{}',
      is_active: true,
      contact_identity_id: identities[teamId],
      created_at: NOW,
      updated_at: NOW,
      ...over,
    });
    await knex('project_leads').insert([
      lead(teamA, p1),
      lead(teamA, p1),
      lead(teamA, p1, { is_active: false }),
      lead(teamA, p2),
      lead(teamB, p1),
    ]);
    const task = (teamId: string, projectId: string, over: Record<string, unknown> = {}) => ({
      team_id: teamId,
      id: randomUUID(),
      project_id: projectId,
      column_slug: 'backlog',
      title: 'Tarefa',
      priority: 'none',
      assignee_ids: '[]',
      position: 0,
      tags: '[]',
      created_at: NOW,
      updated_at: NOW,
      ...over,
    });
    await knex('tasks').insert([
      task(teamA, p1),
      task(teamA, p1, { pipeline_id: pipeline }),
      task(teamA, p1, { pipeline_id: pipeline }),
      task(teamA, p1, { deleted_at: NOW }),
      task(teamA, p2, { deleted_at: NOW }),
      task(teamB, p2),
    ]);

    await world().migrateToLatest();

    expect(numbered(await knex('client_counts').select('team_id', 'status', 'type', 'n'))).to.have.deep.members([
      { team_id: teamA, status: 'active', type: 'PF', n: 2 },
      { team_id: teamA, status: 'active', type: 'PJ', n: 1 },
      { team_id: teamA, status: 'inactive', type: 'PF', n: 1 },
      { team_id: teamB, status: 'active', type: 'PF', n: 1 },
    ]);
    expect(numbered(await knex('lead_counts').select('team_id', 'project_key', 'is_active', 'n'))).to.have.deep.members([
      { team_id: teamA, project_key: p1, is_active: true, n: 2 },
      { team_id: teamA, project_key: p1, is_active: false, n: 1 },
      { team_id: teamA, project_key: p2, is_active: true, n: 1 },
      { team_id: teamB, project_key: p1, is_active: true, n: 1 },
    ]);
    expect(numbered(await knex('task_counts').select('team_id', 'project_key', 'pipeline_key', 'n'))).to.have.deep.members([
      { team_id: teamA, project_key: p1, pipeline_key: '', n: 1 },
      { team_id: teamA, project_key: p1, pipeline_key: pipeline, n: 2 },
      { team_id: teamB, project_key: p2, pipeline_key: '', n: 1 },
    ]);
  });

  it('answers the total of a task filter it keeps no count for from an index, without reading a row', async () => {
    const { knex, backend } = world();
    await world().migrateToLatest();
    // A few teams' tasks, a tenth deleted, so the planner has a realistic spread to weigh.
    const teams = [teamA, randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const teamId of teams.slice(1)) await parents(knex, teamId, [p1, p2]);
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      team_id: teams[i % teams.length],
      id: randomUUID(),
      project_id: [p1, p2][i % 2],
      column_slug: ['todo', 'doing', 'done'][i % 3],
      title: 'Tarefa',
      priority: ['none', 'low', 'high'][i % 3],
      assignee_ids: '[]',
      position: 0,
      tags: '[]',
      created_at: NOW,
      updated_at: NOW,
      deleted_at: i % 10 === 0 ? NOW : null,
    }));
    for (let i = 0; i < rows.length; i += 250) await knex('tasks').insert(rows.slice(i, i + 250));
    await knex.raw(backend === 'postgres' ? 'vacuum analyze tasks' : 'analyze');
    // The count the task list runs (the shared paginate) for a priority and a column filter.
    const count = `select count(*) as n from tasks where team_id = '${teamA}' and deleted_at is null and priority = 'high' and column_slug = 'doing'`;
    const plan =
      backend === 'sqlite'
        ? JSON.stringify(await knex.raw(`explain query plan ${count}`))
        : (await knex.raw(`explain ${count}`)).rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    expect(plan).to.include(
      backend === 'sqlite' ? 'COVERING INDEX tasks_team_deleted_filters' : 'Index Only Scan using tasks_team_deleted_filters',
    );
  });
});
