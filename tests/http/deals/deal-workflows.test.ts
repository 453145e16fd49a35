import { expect } from 'chai';
import { runCli } from '../../../adapters/cli/cli';
import { operatorCommands } from '../../../bootstrap/cli-main';
import { startBackgroundWork } from '../../../bootstrap/container';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { DispatchDealEvents } from '../../../application/deals/dispatch-deal-events';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { EVENT_MAX_ATTEMPTS } from '../../../domain/events/event';
import { Workflow } from '../../../domain/deals/workflow';
import { WorkflowRepository } from '../../../domain/deals/workflow-repository';
import { ProjectRepository } from '../../../domain/projects/project-repository';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend, HttpEnv, TestTeam } from '../../support/http';
import { dealApi } from './deal-api';

const UNKNOWN_PROJECT = '0190d000-0000-7000-8000-00000000dead';

const cli = async (env: () => HttpEnv, argv: string[]) => {
  let out = '';
  let err = '';
  const code = await runCli(
    [...argv, '--json'],
    operatorCommands(env().runtime.container, () => env().runtime),
    {
      out: (t) => {
        out += t;
      },
      err: (t) => {
        err += t;
      },
    },
  );
  return { code, json: out ? JSON.parse(out) : undefined, err };
};

const workflow = (env: () => HttpEnv, t: TestTeam, event: string, action: string, config: object) =>
  cli(env, ['workflow', 'create', '--team', t.teamId, '--event', event, '--action', action, '--config', JSON.stringify(config)]);

const runsOf = async (env: () => HttpEnv, t: TestTeam) =>
  (await cli(env, ['workflow', 'runs', '--team', t.teamId])).json.data as {
    id: string;
    workflow_id: string;
    event: string;
    entity_id: string;
    status: string;
    error: string | null;
    created_at: string;
  }[];

forEachHttpBackend('Deal workflows', (env) => {
  const dispatch = () => env().runtime.container.get(DispatchDealEvents).execute();

  it('creates a workflow from the operator CLI and refuses a bad one', async () => {
    const t = await env().team();
    const ok = await workflow(env, t, 'deal_created', 'create_activity', { title: 'Ligar', type: 'call' });
    expect(ok.code).to.equal(0);
    expect(ok.json).to.include({ event: 'deal_created', action: 'create_activity', is_active: true, team_id: t.teamId });
    expect(ok.json.config).to.deep.equal({ title: 'Ligar', type: 'call' });
    for (const [event, action, config] of [
      ['deal_won', 'create_task', { title: 'x' }],
      ['deal_created', 'send', { title: 'x' }],
      ['deal_created', 'create_task', {}],
    ] as const) {
      const bad = await workflow(env, t, event, action, config);
      expect(bad.code).to.equal(1);
      expect(bad.err).to.match(/error/);
    }
    const noTeam = await cli(env, ['workflow', 'runs', '--team', UNKNOWN_PROJECT]);
    expect(noTeam.code).to.equal(1);
  });

  it('refuses a create_task workflow aimed at a project of another team, or of no team', async () => {
    const t = await env().team();
    const other = await env().team({ name: 'Outra Agência' });
    const theirs = (await env().request.get('/api/v1/projects').set(other.auth)).body.data[0].id;
    const mine = (await env().request.get('/api/v1/projects').set(t.auth)).body.data[0].id;
    for (const projectId of [theirs, UNKNOWN_PROJECT]) {
      const bad = await workflow(env, t, 'deal_created', 'create_task', { title: 'Tarefa', project_id: projectId });
      expect(bad.code, projectId).to.equal(1);
      expect(bad.err, projectId).to.match(/config\.project_id/);
    }
    const ok = await workflow(env, t, 'deal_created', 'create_task', { title: 'Tarefa', project_id: mine });
    expect(ok.code, ok.err).to.equal(0);
    expect(ok.json.config).to.include({ project_id: mine });
  });

  it('creates an activity on deal_created and a task on deal_stage_changed, and records both runs', async () => {
    const t = await env().team();
    const api = dealApi(env, t);
    const wa = (await workflow(env, t, 'deal_created', 'create_activity', { title: 'Primeiro contato', type: 'call' })).json;
    const wt = (await workflow(env, t, 'deal_stage_changed', 'create_task', { title: 'Enviar proposta', priority: 'high' })).json;
    const client = await api.client('Acme');
    const deal = (await api.create({ title: 'Site', client_id: client })).body.data;
    expect((await dispatch()).delivered).to.be.greaterThanOrEqual(1);

    const activities = await env().request.get(`/api/v1/activities?deal_id=${deal.id}`).set(t.auth);
    expect(
      activities.body.data.map((a: { title: string; type: string; client_id: string }) => [a.title, a.type, a.client_id]),
    ).to.deep.equal([['Primeiro contato', 'call', client]]);

    await api.put(deal.id, { phase: 'proposta' });
    await api.put(deal.id, { title: 'Same phase: deal.updated alone, which runs no workflow' });
    await dispatch();
    const internal = await env()
      .runtime.container.get<ProjectRepository>(Symbol.for('ProjectRepository'))
      .findInternal({ teamId: t.teamId });
    const tasks = await env().request.get(`/api/v1/tasks?project_id=${internal!.id}`).set(t.auth);
    expect(tasks.body.data.map((x: { title: string; priority: string }) => [x.title, x.priority])).to.deep.equal([
      ['Enviar proposta', 'high'],
    ]);

    const runs = await runsOf(env, t);
    expect(runs.map((r) => [r.workflow_id, r.event, r.entity_id, r.status, r.error])).to.deep.equal([
      [wt.id, 'deal_stage_changed', deal.id, 'succeeded', null],
      [wa.id, 'deal_created', deal.id, 'succeeded', null],
    ]);
    expect(Object.keys(runs[0]).sort()).to.deep.equal(['created_at', 'entity_id', 'error', 'event', 'id', 'status', 'workflow_id']);
  });

  it('delivers an event once', async () => {
    const t = await env().team();
    await workflow(env, t, 'deal_created', 'create_activity', { title: 'Once' });
    const deal = (await dealApi(env, t).create({ title: 'x' })).body.data;
    await Promise.all([dispatch(), dispatch()]);
    await dispatch();
    const activities = await env().request.get(`/api/v1/activities?deal_id=${deal.id}`).set(t.auth);
    expect(activities.body.pagination.total).to.equal(1);
    expect(await runsOf(env, t)).to.have.length(1);
  });

  it('never fails the request for a failing workflow, retries it, then records it as failed', async () => {
    const t = await env().team();
    // A workflow whose project is gone (created before projects were checked, or its project removed).
    await env()
      .runtime.container.get<WorkflowRepository>(DEAL_TOKENS.WorkflowRepository)
      .insert(
        Workflow.create(
          '0190d000-0000-7000-8000-0000000000f1',
          t.teamId,
          { event: 'deal_created', action: 'create_task', config: { title: 'Nowhere', project_id: UNKNOWN_PROJECT } },
          new Date(),
        ).snapshot(),
      );
    const res = await dealApi(env, t).create({ title: 'Still created' });
    expect(res.status).to.equal(201);
    const outbox = env().runtime.container.get<EventOutbox>(EVENT_TOKENS.EventOutbox);
    for (let i = 0; i < EVENT_MAX_ATTEMPTS; i++) {
      await dispatch();
      const [event] = await outbox.listBySubject({ teamId: t.teamId }, res.body.data.id);
      expect(event.attempts).to.equal(i + 1);
      if (i < EVENT_MAX_ATTEMPTS - 1) {
        expect(event.status).to.equal('pending');
        expect(await runsOf(env, t)).to.deep.equal([]);
        // Let the back-off pass without waiting for it.
        await outbox.save({ ...event, availableAt: new Date(Date.now() - 1).toISOString() });
      } else {
        expect(event.status).to.equal('delivered');
      }
    }
    const runs = await runsOf(env, t);
    expect(runs.map((r) => [r.status, r.entity_id])).to.deep.equal([['failed', res.body.data.id]]);
    expect(runs[0].error).to.be.a('string').and.not.equal('');
  });

  it('runs the dispatcher in the background once the server starts it', async () => {
    const t = await env().team();
    await workflow(env, t, 'deal_created', 'create_activity', { title: 'Background' });
    const stop = startBackgroundWork(env().runtime.container);
    try {
      const deal = (await dealApi(env, t).create({ title: 'x' })).body.data;
      let runs: Awaited<ReturnType<typeof runsOf>> = [];
      for (let i = 0; i < 100 && runs.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        runs = await runsOf(env, t);
      }
      expect(runs.map((r) => [r.entity_id, r.status])).to.deep.equal([[deal.id, 'succeeded']]);
    } finally {
      await stop();
    }
  });
});

forEachHttpBackend(
  'Idempotency-Key under concurrency',
  (env) => {
    it('creates exactly one deal for N concurrent POSTs with one key', async () => {
      const t = await env().team();
      const api = dealApi(env, t);
      const results = await Promise.all(Array.from({ length: 12 }, () => api.create({ title: 'Race', value: 10 }, 'same-key')));
      const statuses = results.map((r) => r.status).sort();
      expect(
        statuses.filter((s) => s === 201),
        JSON.stringify(statuses),
      ).to.have.length(1);
      expect(statuses.filter((s) => s === 200)).to.have.length(11);
      expect(new Set(results.map((r) => r.body.data.id)).size).to.equal(1);
      expect((await api.list()).body.pagination.total).to.equal(1);
    });

    it('lets one payload win and answers the others with CONFLICT', async () => {
      const t = await env().team();
      const api = dealApi(env, t);
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => api.create({ title: `Payload ${i}` }, 'contested')));
      expect(results.filter((r) => r.status === 201)).to.have.length(1);
      expect(results.filter((r) => r.status === 409)).to.have.length(5);
      expect((await api.list()).body.pagination.total).to.equal(1);
    });
  },
  backendNames(),
);
