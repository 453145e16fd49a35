import { expect } from 'chai';
import { Answer, ApiNode, Cluster, LEVEL, eventually, requiredServices } from './nodes';

const BUDGET = 100;
/** What each process takes from the shared budget at a time (flexible-rate-limiter.ts: a fiftieth of it). */
const LEASE = Math.max(1, Math.floor(BUDGET / 50));
const LIST = '/api/v1/clients?limit=1';

/** Runs `count` calls, at most `lanes` at a time. */
async function inLanes<T>(count: number, lanes: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await call(i);
      }
    }),
  );
  return results;
}

describe('Multi-node: rate budgets kept in one Redis', function () {
  this.timeout(90000);
  let cluster: Cluster | undefined;
  let a: ApiNode;
  let b: ApiNode;

  before(async function () {
    cluster = await Cluster.create(requiredServices(this), { env: { RATE_LIMIT_PER_MINUTE: String(BUDGET) } });
    [a, b] = await cluster.start(2);
  });
  after(async () => cluster?.stop());

  it("limits a key's requests over both nodes to its one budget, refusing the rest with 429, the envelope and Retry-After", async () => {
    const { key } = await cluster!.team('Rate');
    const nodes = [a, b];
    const answers = await inLanes(BUDGET * 2 + 50, 10, (i) => nodes[i % 2].request('GET', LIST, { key }).then((r) => ({ node: i % 2, r })));
    const allowed = answers.filter(({ r }) => r.status === 200);
    const refused = answers.filter(({ r }) => r.status === 429);
    expect(allowed.length + refused.length, `statuses: ${[...new Set(answers.map(({ r }) => r.status))].join(', ')}`).to.equal(
      answers.length,
    );
    // A lease a process did not use up before the budget ran out is lost: at most LEASE - 1 points per node.
    expect(allowed.length, 'requests let through over both nodes').to.be.within(BUDGET - 2 * (LEASE - 1), BUDGET);
    for (const node of [0, 1]) {
      expect(
        allowed.filter((x) => x.node === node),
        `node ${node} let some through`,
      ).to.have.length.above(0);
      expect(
        refused.filter((x) => x.node === node),
        `node ${node} refused some`,
      ).to.have.length.above(0);
    }
    for (const { r } of refused) {
      expect(r.body).to.deep.include({ success: false });
      expect(r.body.error).to.include({ code: 'RATE_LIMITED' });
      expect(r.body.error.message).to.be.a('string');
      const retryAfter = Number(r.headers.get('retry-after'));
      expect(retryAfter, 'Retry-After').to.be.within(1, 60);
      expect(r.headers.get('ratelimit-limit')).to.equal(String(BUDGET));
      expect(r.headers.get('ratelimit-remaining')).to.equal('0');
    }
  });

  describe('when Redis stops answering', () => {
    const readiness = async (node: ApiNode) =>
      (await node.request('GET', '/readyz')).body as { status: string; checks: Record<string, string> };
    after(async () => cluster?.redis.restore());

    it('keeps both nodes answering without a 5xx, logs it at warn, shows it on readiness, and recovers when Redis is back', async () => {
      const { key } = await cluster!.team('Outage');
      const nodes = [a, b];
      for (const node of nodes)
        expect(await readiness(node)).to.deep.equal({ status: 'ready', checks: { database: 'ok', redis: 'ok', rate_limit_store: 'ok' } });
      const statuses: Answer[] = [];
      const traffic = async () => {
        for (const node of nodes) statuses.push(await node.request('GET', LIST, { key }));
      };
      await traffic();

      await cluster!.redis.cut();
      // Requests keep coming while the outage is noticed: each node answers them from its own share.
      for (const node of nodes) {
        await eventually(
          `${node.name} showing Redis failing`,
          async () => {
            await traffic();
            const r = await readiness(node);
            return r.checks.redis.startsWith('error') && r.checks.rate_limit_store === 'degraded' ? r : undefined;
          },
          20000,
          100,
        );
        const res = await node.request('GET', '/readyz');
        // docs/operations.md "Health, readiness and metrics": shown, but the node stays ready (it still serves within its share);
        // a 503 here would take every node out of the load balancer at once.
        expect(res.status).to.equal(200);
        expect(res.body.status).to.equal('ready');
        expect(res.body.checks.database).to.equal('ok');
      }
      for (let i = 0; i < 10; i++) await traffic();
      for (const node of nodes) {
        const warned = node
          .logs()
          .filter((e) => e.level === LEVEL.warn)
          .map((e) => e.msg);
        expect(warned, node.name).to.include(
          'rate limiter store does not answer: each process keeps its own share of every budget until it does',
        );
        expect(warned, node.name).to.include('readiness: a dependency does not answer');
      }

      await cluster!.redis.restore();
      for (const node of nodes) {
        await eventually(
          `${node.name} ready again with Redis back`,
          async () => {
            await traffic();
            const r = await readiness(node);
            return r.status === 'ready' && r.checks.redis === 'ok' && r.checks.rate_limit_store === 'ok' ? r : undefined;
          },
          20000,
          100,
        );
        expect(node.logs().map((e) => e.msg)).to.include('rate limiter store answers again: budgets are shared again');
      }
      const failed = statuses.filter((r) => r.status >= 500);
      expect(failed.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).to.deep.equal([]);
      expect(
        statuses.every((r) => r.status === 200),
        `statuses: ${[...new Set(statuses.map((r) => r.status))].join(', ')}`,
      ).to.equal(true);
      for (const node of nodes) {
        expect(
          node
            .logs()
            .filter((e) => e.level >= LEVEL.error)
            .map((e) => e.msg),
          node.name,
        ).to.deep.equal([]);
      }
    });
  });
});
