import { expect } from 'chai';
import { DEAL_EVENT_MAX_ATTEMPTS } from '../../../../domain/deals/deal-event';
import { CLIENT_ID, dealsWorld, TEAM } from './harness';

const PROJECT = '0190b000-0000-7000-8000-0000000000cc';

describe('DispatchDealEvents', () => {
  const world = async () => {
    const w = dealsWorld();
    await w.createWorkflow.execute(TEAM, { event: 'deal_created', action: 'create_activity', config: { title: 'Welcome call', type: 'call' } });
    await w.createWorkflow.execute(TEAM, { event: 'deal_stage_changed', action: 'create_task', config: { title: 'Send proposal', priority: 'high' } });
    return w;
  };

  it('runs the workflows of the event and records each run', async () => {
    const w = await world();
    const { deal } = await w.createDeal.execute(TEAM, { deal: { title: 'Site', clientId: CLIENT_ID } });
    const report = await w.dispatch.execute();
    expect(report).to.deep.equal({ claimed: 1, delivered: 1, retrying: 0 });
    expect(w.actions.activities).to.deep.equal([{
      teamId: TEAM.teamId,
      request: { title: 'Welcome call', type: 'call', description: undefined, dealId: deal.deal.id, clientId: CLIENT_ID },
    }]);
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
    await w.createWorkflow.execute(TEAM, { event: 'deal_stage_changed', action: 'create_task', config: { title: 'Fixed', project_id: PROJECT } });
    const { deal } = await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    await w.updateDeal.execute(TEAM, { id: deal.deal.id, changes: { phase: 'proposta' } });
    await w.dispatch.execute();
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
    for (let i = 0; i < DEAL_EVENT_MAX_ATTEMPTS; i++) {
      await w.dispatch.execute();
      w.clock.advance(3600_000);
    }
    const runs = [...w.runs.rows.values()];
    expect(runs.map((r) => [r.entityId, r.status, r.error])).to.deep.equal([[deal.deal.id, 'failed', 'no such project']]);
    const event = [...w.outbox.rows.values()][0];
    expect(event).to.include({ status: 'delivered', attempts: DEAL_EVENT_MAX_ATTEMPTS });
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
    for (let attempt = 2; attempt <= DEAL_EVENT_MAX_ATTEMPTS; attempt++) {
      w.clock.advance(3600_000);
      await w.dispatch.execute();
    }
    expect(w.counted).to.deep.equal([succeeded, { name: 'workflowRuns', labels: { status: 'failed' } }]);
  });

  it('delivers an event with no workflow without running anything', async () => {
    const w = dealsWorld();
    await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    expect(await w.dispatch.execute()).to.deep.equal({ claimed: 1, delivered: 1, retrying: 0 });
    expect(w.runs.rows.size).to.equal(0);
  });
});
