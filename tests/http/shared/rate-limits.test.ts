import { expect } from 'chai';
import { createServer } from 'node:net';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { FlexibleRateLimiter } from '../../../adapters/ratelimit/flexible-rate-limiter';
import { StoreWatch } from '../../../adapters/ratelimit/store-watch';
import { Logger } from '../../../application/shared/logger';
import { RateLimiter } from '../../../application/shared/rate-limiter';
import { Config } from '../../../bootstrap/config';
import { TOKENS } from '../../../bootstrap/tokens';
import { startRuntime } from '../../support/backends';
import { httpEnvOf } from '../../support/http';

interface Line { level: string; fields: Record<string, unknown>; message: string }

const capture = (): { lines: Line[]; logger: Logger } => {
  const lines: Line[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => { lines.push({ level, fields, message }); };
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
};

/** A port that was free a moment ago: nothing listens there. */
const deadPort = (): Promise<number> => new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

/** A runtime whose logger is `logger`; the limiters, built when the app is, log through it. */
const runtimeWith = async (logger: Logger, overrides: Partial<Config> = {}) => {
  const runtime = await startRuntime('memory', overrides);
  runtime.container.rebindSync(TOKENS.Logger).toConstantValue(logger);
  return runtime;
};

describe('Rate limits when their store does not answer', () => {
  it('answers keyed requests normally when Redis does not listen (never a 500), and logs the outage once', async () => {
    const { lines, logger } = capture();
    const runtime = await runtimeWith(logger, { redisUrl: `redis://127.0.0.1:${await deadPort()}`, workers: 2 });
    try {
      const env = httpEnvOf(runtime);
      const { auth } = await env.team();
      for (let i = 0; i < 5; i++) {
        const res = await env.request.get('/api/v1/clients').set(auth);
        expect(res.status).to.equal(200);
        // Two processes on the node: this one keeps half the budget while it cannot share it.
        expect(res.headers['ratelimit-limit']).to.equal(String(Math.floor(runtime.config.rateLimitPerMinute / 2)));
      }
      expect(lines.filter((l) => /rate limiter store/.test(l.message)).map((l) => l.level)).to.deep.equal(['warn']);
      expect(lines.filter((l) => l.level === 'error')).to.deep.equal([]);
      const health = runtime.container.get<RateLimiter>(TOKENS.RateLimiter).health();
      expect(health.store).to.equal('degraded');
    } finally {
      await runtime.dispose();
    }
  });

  it('answers a request whose store times out after the timeout, normally, and logs it once', async () => {
    const { lines, logger } = capture();
    const runtime = await runtimeWith(logger);
    try {
      const store = new RateLimiterMemory({ points: 100, duration: 60 });
      store.consume = () => new Promise(() => undefined); // a primary too busy to answer
      runtime.container.rebindSync(TOKENS.RateLimiter).toConstantValue(
        FlexibleRateLimiter.shared(store, 100, { timeoutMs: 50, watch: new StoreWatch(logger) }),
      );
      const env = httpEnvOf(runtime);
      const { auth } = await env.team();
      for (let i = 0; i < 3; i++) await env.request.get('/api/v1/clients').set(auth).expect(200);
      expect(lines.map((l) => l.level)).to.deep.equal(['warn']);
      expect(String(lines[0].fields.err)).to.match(/did not answer within 50 ms/);
    } finally {
      await runtime.dispose();
    }
  });
});
