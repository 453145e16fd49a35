import { expect } from 'chai';
import { CreateDeal } from '../../application/deals/create-deal';
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { DELIVERY_CONCURRENCY } from '../../bootstrap/contexts/events';
import { TOKENS } from '../../bootstrap/tokens';
import { EventReceiver } from '../support/event-receiver';
import { ApiNode, Cluster, OUTBOX, eventually, requiredServices } from './nodes';

/** The attempts timeout of the nodes: longer than the receiver of the second test holds its answers. */
const TIMEOUT_MS = 3000;
/** How long a node's claim of a delivery holds (bootstrap/contexts/events.ts). */
const LEASE_MS = Math.max(OUTBOX.leaseMs, TIMEOUT_MS + 5000);
/** Attempts one node has in flight at once (DeliverEvents' concurrency). */
const PER_NODE = DELIVERY_CONCURRENCY;

/** The delivery attempts that succeeded a node counted since it started (its /metrics). */
async function deliveriesCounted(node: ApiNode): Promise<number> {
  const res = await node.request('GET', '/metrics');
  const line = String(res.body)
    .split('\n')
    .find((l) => l.startsWith('event_delivery_attempts_total{outcome="succeeded"}'));
  return line ? Number(line.split(' ').pop()) : 0;
}

interface DeliveryRow {
  id: string;
  event_id: string;
  status: string;
  attempts: number;
  created_at: Date | string;
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  status_code: number | null;
  attempted_at: Date | string;
}

const ms = (t: Date | string) => new Date(t).getTime();

describe('Multi-node: event deliveries with every node delivering', function () {
  this.timeout(120000);
  let cluster: Cluster | undefined;
  let a: ApiNode;
  let b: ApiNode;
  let receiver: EventReceiver | undefined;

  before(async function () {
    cluster = await Cluster.create(requiredServices(this), {
      env: {
        EVENT_DELIVERY_ALLOW_PRIVATE_NETWORKS: 'true',
        EVENT_DELIVERY_TIMEOUT_MS: String(TIMEOUT_MS),
        EVENT_RETRY_SCHEDULE: '1s,1s,1s',
      },
    });
    [a, b] = await cluster.start(2);
  });
  afterEach(async () => {
    await receiver?.stop();
    receiver = undefined;
  });
  after(async () => cluster?.stop());

  /** A team subscribed to deal.created at `receiver`, whose secret the receiver verifies with. */
  async function subscribed(to: EventReceiver): Promise<{ teamId: string; subscriptionId: string }> {
    const url = await to.start();
    const { teamId, key } = await cluster!.team('Deliveries');
    const node = cluster!.nodes.find((n) => n.running)!;
    const res = await node.request('POST', '/api/v1/event-subscriptions', { key, body: { url, events: ['deal.created'] } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    to.secret = res.body.data.secret;
    return { teamId, subscriptionId: res.body.data.id };
  }

  /** `count` deals committed at once (one transaction, in the test process, which runs no background work). */
  async function backlog(teamId: string, count: number): Promise<string[]> {
    const c = cluster!.runtime().container;
    const create = c.get(CreateDeal);
    return c.get<UnitOfWork>(TOKENS.UnitOfWork).run(async () => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++)
        ids.push((await create.execute({ teamId }, { deal: { title: `Negócio ${i}`, value: i } })).deal.deal.id);
      return ids;
    });
  }

  const deliveries = async (subscriptionId: string): Promise<DeliveryRow[]> =>
    cluster!
      .knex()('event_deliveries')
      .where({ subscription_id: subscriptionId })
      .select('id', 'event_id', 'status', 'attempts', 'created_at');

  const attempts = async (subscriptionId: string): Promise<AttemptRow[]> =>
    cluster!
      .knex()('event_delivery_attempts')
      .where({ subscription_id: subscriptionId })
      .orderBy(['delivery_id', 'attempt'])
      .select('delivery_id', 'attempt', 'status_code', 'attempted_at');

  const allSucceeded = async (subscriptionId: string, count: number) => {
    const rows = await deliveries(subscriptionId);
    return rows.length === count && rows.every((r) => r.status === 'succeeded') ? rows : undefined;
  };

  /** Every receipt verified, names its event in webhook-id, and is a deal.created of one of `dealIds`. */
  function expectReceiptsOf(r: EventReceiver, dealIds: string[]): void {
    expect(
      r.receipts.filter((x) => x.unverified !== null).map((x) => x.unverified),
      'receipts that do not verify',
    ).to.deep.equal([]);
    expect(r.receipts.filter((x) => x.webhookId !== x.event.id || x.event.type !== 'deal.created')).to.deep.equal([]);
    const deals = new Set(r.receipts.map((x) => x.event.data.object.id));
    expect(deals).to.deep.equal(new Set(dealIds));
  }

  it('delivers a backlog to a subscription, each event once and verified, the nodes sharing the work', async () => {
    const N = 300;
    receiver = new EventReceiver();
    const { teamId, subscriptionId } = await subscribed(receiver);
    const before = await Promise.all([a, b].map(deliveriesCounted));
    const dealIds = await backlog(teamId, N);

    await eventually('every event received', () => (receiver!.byId().size >= N ? true : undefined), 60000, 100);
    const rows = await eventually('every delivery succeeded', () => allSucceeded(subscriptionId, N), 30000, 100);

    expectReceiptsOf(receiver, dealIds);
    const repeated = [...receiver.byId()].filter(([, rs]) => rs.length > 1).map(([id, rs]) => `${id} ×${rs.length}`);
    expect(repeated, 'events received more than once').to.deep.equal([]);
    expect(receiver.receipts).to.have.length(N);
    expect(rows.filter((r) => Number(r.attempts) !== 1)).to.deep.equal([]);
    const recorded = await attempts(subscriptionId);
    expect(recorded).to.have.length(N);
    expect(recorded.filter((x) => x.attempt !== 1 || x.status_code !== 200)).to.deep.equal([]);

    const byNode = (await Promise.all([a, b].map(deliveriesCounted))).map((n, i) => n - before[i]);
    expect(byNode[0], `deliveries by ${a.name}`).to.be.above(0);
    expect(byNode[1], `deliveries by ${b.name}`).to.be.above(0);
    expect(byNode[0] + byNode[1]).to.equal(N);
  });

  it('loses nothing when a node is killed mid-delivery: only its attempts in flight arrive again, after the lease, with their webhook-id', async () => {
    const N = 300;
    receiver = new EventReceiver({ hold: true });
    const { teamId, subscriptionId } = await subscribed(receiver);
    const dealIds = await backlog(teamId, N);

    // Every answer held: each node sends at most PER_NODE at once, so with twice that many waiting, both
    // nodes, node a among them, have their attempts in flight.
    await eventually(
      'both nodes with attempts in flight',
      () => (receiver!.waiting().length >= 2 * PER_NODE ? true : undefined),
      60000,
      20,
    );
    const inFlight = new Set(receiver.waiting().map((r) => r.webhookId));
    await a.kill();
    receiver.release();

    await eventually('every event received', () => (receiver!.byId().size >= N ? true : undefined), 60000, 100);
    const rows = await eventually('every delivery succeeded', () => allSucceeded(subscriptionId, N), 60000, 100);
    expectReceiptsOf(receiver, dealIds);

    // Each receipt is an attempt recorded, or one of node a's in flight when it died (which it never
    // recorded): nothing else arrived twice.
    const recorded = await attempts(subscriptionId);
    const attemptsOf = new Map<string, AttemptRow[]>();
    for (const x of recorded) attemptsOf.set(x.delivery_id, [...(attemptsOf.get(x.delivery_id) ?? []), x]);
    const unrecorded: string[] = [];
    const unaccounted: string[] = [];
    for (const row of rows) {
      const received = receiver.byId().get(row.event_id)?.length ?? 0;
      const made = attemptsOf.get(row.id) ?? [];
      const extra = received - made.length;
      if (extra === 1 && inFlight.has(row.event_id)) unrecorded.push(row.event_id);
      else if (extra !== 0) unaccounted.push(`${row.event_id}: received ${received}, attempts recorded ${made.length}`);
      // Every attempt recorded but the last is one that failed (no answer in time), and the last succeeded.
      expect(made.at(-1)?.status_code, `the last attempt of ${row.id}`).to.equal(200);
      expect(
        made.slice(0, -1).filter((x) => x.status_code !== null && x.status_code < 300),
        `attempts of ${row.id} before its last`,
      ).to.deep.equal([]);
    }
    expect(unaccounted, 'receipts that are neither an attempt recorded nor one in flight at the kill').to.deep.equal([]);
    expect(unrecorded.length, "node a's attempts in flight, sent again").to.be.above(0);
    expect(unrecorded.length).to.be.at.most(PER_NODE);
    for (const id of unrecorded) {
      const [first, again] = receiver.byId().get(id)!;
      expect(again.webhookId).to.equal(first.webhookId);
      expect(again.answered).to.equal(true);
    }

    // What node a had claimed (its attempts in flight, and the rest of its batch) was claimed again only
    // once its lease had run out: its first claim is unrecorded, and came after the delivery was made.
    const takenOver = rows.filter((r) => !(attemptsOf.get(r.id) ?? []).some((x) => x.attempt === 1));
    expect(takenOver.length, 'deliveries taken over').to.be.at.least(unrecorded.length);
    for (const row of takenOver) {
      const first = attemptsOf.get(row.id)![0];
      expect(ms(first.attempted_at) - ms(row.created_at), `ms from ${row.id} made to its attempt after the takeover`).to.be.at.least(
        LEASE_MS,
      );
    }
  });

  it('sends a delivery from one node at a time to a slow receiver: what a node claimed is sent within its lease', async () => {
    // One node running, then a second one started while the first works through its claim.
    const [solo, ...others] = cluster!.nodes.filter((n) => n.running);
    for (const n of others) await n.stop();
    const N = 50;
    // Each answer comes well within the timeout, so no attempt fails; but a node's attempts take this long
    // each, PER_NODE at a time.
    receiver = new EventReceiver({ answerAfterMs: TIMEOUT_MS - 1000 });
    const { teamId, subscriptionId } = await subscribed(receiver);
    const dealIds = await backlog(teamId, N);
    await eventually(`${solo.name} delivering`, () => (receiver!.receipts.length > 0 ? true : undefined), 60000, 20);
    await cluster!.start(1);

    await eventually('every event received', () => (receiver!.byId().size >= N ? true : undefined), 90000, 100);
    const rows = await eventually('every delivery succeeded', () => allSucceeded(subscriptionId, N), 60000, 100);
    expectReceiptsOf(receiver, dealIds);
    const repeated = [...receiver.byId()].filter(([, rs]) => rs.length > 1).map(([id, rs]) => `${id} ×${rs.length}`);
    expect(repeated, 'events received more than once').to.deep.equal([]);
    expect(rows.filter((r) => Number(r.attempts) !== 1)).to.deep.equal([]);
    const recorded = await attempts(subscriptionId);
    expect(recorded.filter((x) => x.attempt !== 1 || x.status_code !== 200)).to.deep.equal([]);
  });
});
