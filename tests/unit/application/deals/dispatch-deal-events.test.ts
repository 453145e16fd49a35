import { expect } from 'chai';
import { EVENT_MAX_ATTEMPTS } from '../../../../domain/events/event';
import { DispatchDealEvents } from '../../../../application/deals/dispatch-deal-events';
import { silentLogger } from './fakes';
import { CLIENT_ID, dealsWorld, TEAM } from './harness';

const PROJECT = '0190b000-0000-7000-8000-0000000000cc';

describe('DispatchDealEvents', () => {
  const world = async () => {
    const w = dealsWorld();
    await w.createWorkflow.execute(TEAM, {
      event: 'deal_created',
      action: 'create_activity',
      config: { title: 'Welcome call', type: 'call' },
    });
    await w.createWorkflow.execute(TEAM, {
      event: 'deal_stage_changed',
      action: 'create_task',
      config: { title: 'Send proposal', priority: 'high' },
    });
    return w;
  };

  it('runs the workflows of the event and records each run', async () => {
    const w = await world();
    const { deal } = await w.createDeal.execute(TEAM, { deal: { title: 'Site', clientId: CLIENT_ID } });
    const report = await w.dispatch.execute();
    expect(report).to.deep.equal({ claimed: 1, delivered: 1, retrying: 0 });
    expect(w.actions.activities).to.deep.equal([
      {
        teamId: TEAM.teamId,
        request: { title: 'Welcome call', type: 'call', description: undefined, dealId: deal.deal.id, clientId: CLIENT_ID },
      },
    ]);
    expect(w.actions.tasks).to.deep.equal([]);
    const runs = [...w.runs.rows.values()];
    expect(runs.map((r) => [r.event, r.entityId, r.status, r.error])).to.deep.equal([['deal_created', deal.deal.id, 'succeeded', null]]);
    expect([...w.outbox.rows.values()][0].status).to.equal('delivered');
  });

  it('delivers an event once, however often it runs', async () => {
    const w = await world();
    await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    await w.dispatch.execute();
    await w.dispatch.execute();
    w.clock.advance(3600_000);
    expect(await w.dispatch.execute()).to.deep.equal({ claimed: 0, delivered: 0, retrying: 0 });
    expect(w.actions.activities).to.have.length(1);
    expect(w.runs.rows.size).to.equal(1);
  });

  it('lets only one of two concurrent dispatchers claim an event', async () => {
    const w = await world();
    await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    const reports = await Promise.all([w.dispatch.execute(), w.dispatch.execute()]);
    expect(reports.map((r) => r.claimed).sort()).to.deep.equal([0, 1]);
    expect(w.actions.activities).to.have.length(1);
  });

  it('gives a task the deal project, else the team internal project (null), else the configured one', async () => {
    const w = await world();
    await w.createWorkflow.execute(TEAM, {
      event: 'deal_stage_changed',
      action: 'create_task',
      config: { title: 'Fixed', project_id: PROJECT },
    });
    const { deal } = await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    await w.updateDeal.execute(TEAM, { id: deal.deal.id, changes: { phase: 'proposta' } });
    await w.dispatch.execute();
    expect([...w.runs.rows.values()].filter((r) => r.event === 'deal_stage_changed')).to.have.length(2);
    expect(w.actions.tasks.map((t) => [t.request.title, t.request.projectId, t.request.priority, t.request.dealId])).to.deep.equal([
      ['Send proposal', null, 'high', deal.deal.id],
      ['Fixed', PROJECT, undefined, deal.deal.id],
    ]);
  });

  it('retries a failing workflow with back-off and succeeds later without running the others twice', async () => {
    const w = await world();
    await w.createWorkflow.execute(TEAM, { event: 'deal_created', action: 'create_task', config: { title: 'Second' } });
    await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    w.actions.failWith = 'activities down';
    w.actions.failTimes = 1; // the first action fails once; the task succeeds
    expect(await w.dispatch.execute()).to.deep.equal({ claimed: 1, delivered: 0, retrying: 1 });
    expect(w.runs.rows.size).to.equal(1);
    expect(await w.dispatch.execute()).to.deep.equal({ claimed: 0, delivered: 0, retrying: 0 });
    w.clock.advance(60_000);
    expect(await w.dispatch.execute()).to.deep.equal({ claimed: 1, delivered: 1, retrying: 0 });
    expect(w.actions.activities).to.have.length(1);
    expect(w.actions.tasks).to.have.length(1);
    expect([...w.runs.rows.values()].map((r) => r.status)).to.deep.equal(['succeeded', 'succeeded']);
  });

  it('records a workflow as failed once its attempts are spent, and never fails the write', async () => {
    const w = await world();
    w.actions.failWith = 'no such project';
    const { deal } = await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    for (let i = 0; i < EVENT_MAX_ATTEMPTS; i++) {
      await w.dispatch.execute();
      w.clock.advance(3600_000);
    }
    const runs = [...w.runs.rows.values()];
    expect(runs.map((r) => [r.entityId, r.status, r.error])).to.deep.equal([[deal.deal.id, 'failed', 'no such project']]);
    const event = [...w.outbox.rows.values()][0];
    expect(event).to.include({ status: 'delivered', attempts: EVENT_MAX_ATTEMPTS });
    expect(await w.dispatch.execute()).to.deep.equal({ claimed: 0, delivered: 0, retrying: 0 });
  });

  it('counts every run it records by status, and no attempt that is retried', async () => {
    const w = await world();
    await w.createWorkflow.execute(TEAM, { event: 'deal_created', action: 'create_task', config: { title: 'Second' } });
    await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    w.actions.failWith = 'activities down';
    w.actions.failTimes = 1; // the activity fails once, the task succeeds
    await w.dispatch.execute();
    const succeeded = { name: 'workflowRuns', labels: { status: 'succeeded' } };
    expect(w.counted).to.deep.equal([succeeded]);
    w.actions.failTimes = Infinity; // from now on the activity fails at every attempt, until they are spent
    for (let attempt = 2; attempt <= EVENT_MAX_ATTEMPTS; attempt++) {
      w.clock.advance(3600_000);
      await w.dispatch.execute();
    }
    expect(w.counted).to.deep.equal([succeeded, { name: 'workflowRuns', labels: { status: 'failed' } }]);
  });

  it("runs no workflow on the log's other deal events, and marks them delivered", async () => {
    const w = await world();
    const { deal } = await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    await w.dispatch.execute();
    const id = deal.deal.id;
    await w.updateDeal.execute(TEAM, { id, changes: { title: 'Site novo' } });
    await w.archiveDeal.execute(TEAM, { id });
    expect(await w.dispatch.execute()).to.deep.equal({ claimed: 2, delivered: 2, retrying: 0 });
    expect(w.actions.tasks).to.deep.equal([]);
    expect(w.actions.activities).to.have.length(1);
    expect([...w.outbox.rows.values()].map((e) => [e.type, e.status])).to.deep.equal([
      ['deal.created', 'delivered'],
      ['deal.updated', 'delivered'],
      ['deal.archived', 'delivered'],
    ]);
    expect([...w.runs.rows.values()].map((r) => r.event)).to.deep.equal(['deal_created']);
  });

  it('delivers an event with no workflow without running anything', async () => {
    const w = dealsWorld();
    await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    expect(await w.dispatch.execute()).to.deep.equal({ claimed: 1, delivered: 1, retrying: 0 });
    expect(w.runs.rows.size).to.equal(0);
  });

  it('takes over the events a node claimed and never finished once its lease has run out', async () => {
    const w = await world();
    const dispatch = new DispatchDealEvents(
      w.uow,
      w.outbox,
      w.deals,
      w.workflows,
      w.runs,
      w.actions,
      w.ids,
      w.clock,
      silentLogger,
      undefined,
      5000,
    );
    await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    const now = w.clock.now();
    // Another node claims the event with the same lease, then dies.
    expect(await w.outbox.claimDue(now, new Date(now.getTime() + 5000), 10)).to.have.length(1);
    expect((await dispatch.execute()).claimed).to.equal(0);
    w.clock.advance(4999);
    expect((await dispatch.execute()).claimed).to.equal(0);
    w.clock.advance(1);
    expect(await dispatch.execute()).to.deep.equal({ claimed: 1, delivered: 1, retrying: 0 });
    expect(w.actions.activities).to.have.length(1);
    expect([...w.outbox.rows.values()][0]).to.include({ status: 'delivered', attempts: 2 });
  });

  it('drops its outcome when another node took the event over meanwhile, and the workflow runs once', async () => {
    const w = await world();
    const dispatch = new DispatchDealEvents(
      w.uow,
      w.outbox,
      w.deals,
      w.workflows,
      w.runs,
      w.actions,
      w.ids,
      w.clock,
      silentLogger,
      undefined,
      5000,
    );
    await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    w.actions.meanwhile = async () => {
      w.actions.meanwhile = null;
      // This node stalls past its lease; another claims the event and has not finished yet.
      w.clock.advance(6000);
      const now = w.clock.now();
      expect(await w.outbox.claimDue(now, new Date(now.getTime() + 5000), 10)).to.have.length(1);
    };
    expect(await dispatch.execute()).to.deep.equal({ claimed: 1, delivered: 0, retrying: 0 });
    expect([...w.outbox.rows.values()][0]).to.include({ status: 'processing', attempts: 2 });
    // The other node died too; after its lease this one finishes: the run is recorded, nothing runs again.
    w.clock.advance(5000);
    expect(await dispatch.execute()).to.deep.equal({ claimed: 1, delivered: 1, retrying: 0 });
    expect(w.actions.activities).to.have.length(1);
    expect(w.runs.rows.size).to.equal(1);
  });
});
