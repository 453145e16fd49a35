import { expect } from 'chai';
import { CreateDeal } from '../../application/deals/create-deal';
import { CreateWorkflow } from '../../application/deals/create-workflow';
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { TOKENS } from '../../bootstrap/tokens';
import { ApiNode, Cluster, LEVEL, OUTBOX, eventually, requiredServices } from './nodes';

/** The succeeded workflow runs a node counted since it started (its /metrics). */
async function runsCounted(node: ApiNode): Promise<number> {
  const res = await node.request('GET', '/metrics');
  const line = String(res.body)
    .split('\n')
    .find((l) => l.startsWith('workflow_runs_total{status="succeeded"}'));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('Multi-node: the event log with every node dispatching', function () {
  this.timeout(90000);
  let cluster: Cluster | undefined;
  let a: ApiNode;
  let b: ApiNode;

  before(async function () {
    cluster = await Cluster.create(requiredServices(this));
    [a, b] = await cluster.start(2);
  });
  after(async () => cluster?.stop());

  /**
   * A team whose deal_created workflow creates one activity per deal, and `count` deals committed at once
   * (one transaction, written in the test process, which runs no dispatcher): a backlog for the nodes.
   */
  async function backlog(count: number): Promise<{ teamId: string; dealIds: string[] }> {
    const c = cluster!.runtime().container;
    const { teamId } = await cluster!.team('Outbox');
    const team = { teamId };
    await c
      .get(CreateWorkflow)
      .execute(team, { event: 'deal_created', action: 'create_activity', config: { title: 'Primeiro contato', type: 'call' } });
    const create = c.get(CreateDeal);
    const dealIds = await c.get<UnitOfWork>(TOKENS.UnitOfWork).run(async () => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push((await create.execute(team, { deal: { title: `Negócio ${i}`, value: i } })).deal.deal.id);
      return ids;
    });
    return { teamId, dealIds };
  }

  /**
   * Every deal's event delivered, and every event of the team: each workflow run writes its activity, whose
   * activity.created event is in the same log.
   */
  const allDelivered = async (teamId: string, deals: number) => {
    const rows: { type: string; status: string; n: string | number }[] = await cluster!
      .knex()('events')
      .where({ team_id: teamId })
      .groupBy('type', 'status')
      .select('type', 'status')
      .count({ n: '*' });
    const count = (type: string | null, status: string | null) =>
      rows
        .filter((r) => (type === null || r.type === type) && (status === null || r.status === status))
        .reduce((n, r) => n + Number(r.n), 0);
    return count('deal.created', 'delivered') === deals && count(null, 'delivered') === count(null, null) ? true : undefined;
  };
  const runs = async (teamId: string) => Number((await cluster!.knex()('workflow_runs').where({ team_id: teamId }).count({ n: '*' }))[0].n);

  /** Every event delivered, and its workflow run once: one run per event, one activity per deal. */
  async function expectExactlyOnce(teamId: string, dealIds: string[]): Promise<void> {
    const knex = cluster!.knex();
    const events = await knex('events').where({ team_id: teamId }).select('id', 'status', 'attempts');
    expect(events.filter((e: { status: string }) => e.status !== 'delivered')).to.deep.equal([]);
    const perEvent = await knex('workflow_runs').where({ team_id: teamId }).groupBy('event_id').select('event_id').count({ n: '*' });
    expect(perEvent.length, 'events with a run').to.equal(dealIds.length);
    expect(
      perEvent.filter((r) => Number(r.n) !== 1),
      'events run more than once',
    ).to.deep.equal([]);
    const activities = await knex('activities').where({ team_id: teamId }).select('deal_id');
    expect(activities.length, 'activities').to.equal(dealIds.length);
    expect(new Set(activities.map((r: { deal_id: string }) => r.deal_id))).to.deep.equal(new Set(dealIds));
  }

  it('delivers each event exactly once, the nodes sharing the work', async () => {
    const before = await Promise.all([a, b].map(runsCounted));
    const { teamId, dealIds } = await backlog(400);
    await eventually('every event delivered', () => allDelivered(teamId, dealIds.length), 60000, 100);
    await expectExactlyOnce(teamId, dealIds);
    const byNode = (await Promise.all([a, b].map(runsCounted))).map((n, i) => n - before[i]);
    expect(byNode[0], `runs by ${a.name}`).to.be.above(0);
    expect(byNode[1], `runs by ${b.name}`).to.be.above(0);
    expect(byNode[0] + byNode[1]).to.equal(dealIds.length);
  });

  it('loses nothing when a node is killed mid-dispatch: its claims are taken over after the lease, and nothing runs twice', async () => {
    const startedAt = Date.now();
    const { teamId, dealIds } = await backlog(600);
    // Killed while it is delivering a batch it claimed: its count of runs grows between two looks, and
    // the batch's outcomes are written only at its end.
    let last = await runsCounted(a);
    await eventually(
      `${a.name} delivering a batch`,
      async () => {
        const now = await runsCounted(a);
        const growing = now > last && now - last < dealIds.length;
        last = now;
        return growing ? true : undefined;
      },
      30000,
      10,
    );
    await a.kill();

    await eventually('every event delivered', () => allDelivered(teamId, dealIds.length), 60000, 100);
    await expectExactlyOnce(teamId, dealIds);
    expect(await runs(teamId)).to.equal(dealIds.length);
    // What the dead node had claimed was claimed again once its lease ran out (a failed workflow, the
    // other reason for a second attempt, would have been logged).
    const takenOver = await cluster!.knex()('events').where({ team_id: teamId }).where('attempts', '>', 1).select('delivered_at');
    expect(takenOver.length, 'events claimed again after the lease').to.be.above(0);
    // Not before the lease of the first claim ran out (that claim came after the backlog was committed).
    const first = Math.min(...takenOver.map((e: { delivered_at: Date | string }) => new Date(e.delivered_at).getTime()));
    expect(first - startedAt, 'ms from the backlog to the first event taken over').to.be.at.least(OUTBOX.leaseMs);
    expect(
      b
        .logs()
        .filter((e) => e.level >= LEVEL.warn)
        .map((e) => e.msg),
      b.name,
    ).to.deep.equal([]);
  });
});
