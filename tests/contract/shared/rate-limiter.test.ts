import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import Redis from 'ioredis';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { FlexibleRateLimiter } from '../../../adapters/ratelimit/flexible-rate-limiter';
import { StoreWatch } from '../../../adapters/ratelimit/store-watch';
import { Logger } from '../../../application/shared/logger';
import { RateLimiter } from '../../../application/shared/rate-limiter';
import { testRedisUrl } from '../../support/services';

interface Store {
  name: string;
  make(perMinute: number): { a: RateLimiter; b: RateLimiter; close(): Promise<void> };
}

const stores: Store[] = [
  {
    name: 'memory',
    make: (n) => {
      const l = FlexibleRateLimiter.inMemory(n);
      return { a: l, b: l, close: async () => undefined };
    },
  },
  {
    name: 'a store shared by two processes',
    make: (n) => {
      const store = new RateLimiterMemory({ points: n, duration: 60 });
      return { a: FlexibleRateLimiter.shared(store, n), b: FlexibleRateLimiter.shared(store, n), close: async () => undefined };
    },
  },
];
const redisUrl = testRedisUrl('the Redis rate-limit suite');
if (redisUrl) {
  stores.push({
    name: 'redis',
    make: (n) => {
      // Two clients and two limiters: two API nodes sharing one budget.
      const r1 = new Redis(redisUrl);
      const r2 = new Redis(redisUrl);
      const prefix = `test:${randomBytes(4).toString('hex')}`;
      return {
        a: FlexibleRateLimiter.redis(r1, n, prefix),
        b: FlexibleRateLimiter.redis(r2, n, prefix),
        close: async () => {
          r1.disconnect();
          r2.disconnect();
        },
      };
    },
  });
}

for (const store of stores) {
  describe(`RateLimiter contract [${store.name}]`, () => {
    it('allows the budget per key, then refuses with the time to reset, across nodes', async () => {
      const { a, b, close } = store.make(3);
      try {
        const first = await a.consume('k1');
        expect(first).to.include({ allowed: true, limit: 3, remaining: 2 });
        expect(first.resetSeconds).to.be.within(1, 60);
        await b.consume('k1');
        await a.consume('k1');
        const refused = await b.consume('k1');
        expect(refused).to.include({ allowed: false, remaining: 0 });
        expect(refused.resetSeconds).to.be.within(1, 60);
        expect((await a.consume('k2')).allowed).to.equal(true);
      } finally {
        await close();
      }
    });

    it('never lets more than the budget through across nodes, though each leases points ahead', async () => {
      const { a, b, close } = store.make(200);
      try {
        let allowed = 0;
        for (let i = 0; i < 260; i++) if ((await (i % 3 ? a : b).consume('busy')).allowed) allowed++;
        // A lease left unused when the budget runs out is lost, never added: at most chunk − 1 per node.
        expect(allowed).to.be.within(200 - 2 * 3, 200);
        const refused = await a.consume('busy');
        expect(refused).to.include({ allowed: false, remaining: 0 });
      } finally {
        await close();
      }
    });

    it('lets the whole budget through when requests of one key arrive at once on both nodes', async () => {
      const { a, b, close } = store.make(200);
      try {
        // Concurrent requests of one process share the lease one of them takes, instead of each taking
        // its own and dropping the one before.
        const answers = await Promise.all(Array.from({ length: 260 }, (_, i) => (i % 2 ? a : b).consume('burst')));
        expect(answers.filter((x) => x.allowed).length).to.be.within(200 - 2 * 3, 200);
      } finally {
        await close();
      }
    });

    it('reports its store as answering, and knows a spent key without asking the store', async () => {
      const { a, close } = store.make(2);
      try {
        expect(a.health()).to.deep.equal({ store: 'ok' });
        expect(a.knownRefusal('spent')).to.equal(null);
        await a.consume('spent');
        expect(a.knownRefusal('spent')).to.equal(null);
        await a.consume('spent');
        const known = a.knownRefusal('spent');
        expect(known).to.include({ allowed: false, limit: 2, remaining: 0 });
        expect(known!.resetSeconds).to.be.within(1, 60);
        expect(a.knownRefusal('other')).to.equal(null);
      } finally {
        await close();
      }
    });
  });
}

interface Line {
  level: 'debug' | 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

const capture = (): { lines: Line[]; logger: Logger } => {
  const lines: Line[] = [];
  return {
    lines,
    logger: {
      debug: (fields, message) => {
        lines.push({ level: 'debug', fields, message });
      },
      info: (fields, message) => {
        lines.push({ level: 'info', fields, message });
      },
      warn: (fields, message) => {
        lines.push({ level: 'warn', fields, message });
      },
      error: (fields, message) => {
        lines.push({ level: 'error', fields, message });
      },
    },
  };
};

const timeout = () => Promise.reject(new Error('RateLimiterCluster timeout: no answer from master in time'));

describe('RateLimiter when its store does not answer', () => {
  it("answers from this process's share of the budget (points / workers), never an error, and says so once", async () => {
    const store = new RateLimiterMemory({ points: 10, duration: 60 });
    store.consume = timeout;
    const { lines, logger } = capture();
    const limiter = FlexibleRateLimiter.shared(store, 10, { workers: 4, watch: new StoreWatch(logger, { retryMs: 0 }) });
    const before = Date.now();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await limiter.consume('k'));
    // Four processes, ten a minute: each keeps two while it cannot ask the others.
    expect(answers.map((a) => a.allowed)).to.deep.equal([true, true, false, false, false]);
    expect(answers[0]).to.include({ limit: 2, remaining: 1 });
    expect(answers[2]).to.include({ limit: 2, remaining: 0 });
    expect(answers[2].resetSeconds).to.be.within(1, 60);
    expect(lines).to.have.length(1);
    expect(lines[0].level).to.equal('warn');
    expect(String(lines[0].fields.err)).to.match(/timeout/);
    const health = limiter.health();
    expect(health.store).to.equal('degraded');
    expect(Date.parse(health.since!)).to.be.within(before, Date.now());
  });

  it('says once that the store answers again, with how many requests it answered alone meanwhile', async () => {
    const store = new RateLimiterMemory({ points: 100, duration: 60 });
    const consume = store.consume.bind(store);
    let down = true;
    store.consume = (key, points, options) => (down ? timeout() : consume(key, points, options));
    const { lines, logger } = capture();
    const watch = new StoreWatch(logger, { retryMs: 0 });
    // Two limiters of one store (per key, per address) share its watch: one line for both.
    const perKey = FlexibleRateLimiter.shared(store, 100, { workers: 2, watch });
    const perAddress = FlexibleRateLimiter.shared(store, 100, { workers: 2, watch });
    await perKey.consume('k');
    await perAddress.consume('a');
    await perKey.consume('k');
    expect(lines.map((l) => l.level)).to.deep.equal(['warn']);
    expect(perAddress.health().store).to.equal('degraded');

    down = false;
    const answer = await perKey.consume('k');
    expect(answer).to.include({ allowed: true, limit: 100 });
    expect(lines.map((l) => l.level)).to.deep.equal(['warn', 'info']);
    expect(lines[1].fields).to.include({ answeredLocally: 3, refusedLocally: 0 });
    expect(perAddress.health()).to.deep.equal({ store: 'ok' });
    await perAddress.consume('a');
    expect(lines).to.have.length(2);
  });

  it('waits for a store that hangs no longer than its timeout, and asks it again once per retry interval', async () => {
    const store = new RateLimiterMemory({ points: 100, duration: 60 });
    let asked = 0;
    store.consume = () => {
      asked++;
      return new Promise(() => undefined);
    };
    const { lines, logger } = capture();
    const limiter = FlexibleRateLimiter.shared(store, 100, { timeoutMs: 50, watch: new StoreWatch(logger, { retryMs: 60_000 }) });
    const started = Date.now();
    expect((await limiter.consume('k')).allowed).to.equal(true);
    expect(Date.now() - started).to.be.within(45, 1000);
    const next = Date.now();
    for (let i = 0; i < 20; i++) expect((await limiter.consume('k')).allowed).to.equal(true);
    expect(Date.now() - next).to.be.below(45);
    expect(asked).to.equal(1);
    expect(lines).to.have.length(1);
  });

  it('answers from the local share when Redis does not listen, and says so once', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = server.address() as { port: number };
        server.close(() => resolve(p));
      });
    });
    const client = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    client.on('error', () => undefined);
    const { lines, logger } = capture();
    try {
      const limiter = FlexibleRateLimiter.redis(client, 10, `test:${randomBytes(4).toString('hex')}`, {
        workers: 2,
        watch: new StoreWatch(logger),
      });
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await limiter.consume('k'));
      expect(answers.map((a) => a.allowed)).to.deep.equal([true, true, true, true, true, false, false]);
      expect(answers[0]).to.include({ limit: 5, remaining: 4 });
      expect(lines.map((l) => l.level)).to.deep.equal(['warn']);
      expect(limiter.health().store).to.equal('degraded');
    } finally {
      client.disconnect();
    }
  });
});
