import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { FlexibleRateLimiter } from '../../../adapters/ratelimit/flexible-rate-limiter';
import { RateLimiter } from '../../../application/shared/rate-limiter';

interface Store { name: string; make(perMinute: number): { a: RateLimiter; b: RateLimiter; close(): Promise<void> } }

const stores: Store[] = [{
  name: 'memory',
  make: (n) => { const l = FlexibleRateLimiter.inMemory(n); return { a: l, b: l, close: async () => undefined }; },
}, {
  name: 'a store shared by two processes',
  make: (n) => {
    const store = new RateLimiterMemory({ points: n, duration: 60 });
    return { a: FlexibleRateLimiter.shared(store, n), b: FlexibleRateLimiter.shared(store, n), close: async () => undefined };
  },
}];
if (process.env.TEST_REDIS_URL) {
  stores.push({
    name: 'redis',
    make: (n) => {
      // Two clients and two limiters: two API nodes sharing one budget.
      const r1 = new Redis(process.env.TEST_REDIS_URL!);
      const r2 = new Redis(process.env.TEST_REDIS_URL!);
      const prefix = `test:${randomBytes(4).toString('hex')}`;
      return {
        a: FlexibleRateLimiter.redis(r1, n, prefix), b: FlexibleRateLimiter.redis(r2, n, prefix),
        close: async () => { r1.disconnect(); r2.disconnect(); },
      };
    },
  });
} else if (process.env.CI) {
  throw new Error('TEST_REDIS_URL must be set in CI: the Redis rate-limit suite is required');
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
  });
}

describe('RateLimiter when its store does not answer', () => {
  it('lets the request through and reports the failure, never an error', async () => {
    const store = new RateLimiterMemory({ points: 100, duration: 60 });
    store.consume = () => Promise.reject(new Error('RateLimiterCluster timeout: no answer from master in time'));
    const failures: unknown[] = [];
    const limiter = FlexibleRateLimiter.shared(store, 100, (err) => failures.push(err));
    const d = await limiter.consume('k');
    expect(d).to.include({ allowed: true, limit: 100 });
    expect(failures).to.have.length(1);
    expect(String(failures[0])).to.match(/timeout/);
  });
});
