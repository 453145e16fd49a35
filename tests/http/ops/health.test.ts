import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { createServer, Server, Socket } from 'node:net';
import { RateLimiter } from '../../../application/shared/rate-limiter';
import { Config } from '../../../bootstrap/config';
import { buildRuntime } from '../../../bootstrap/container';
import { TOKENS } from '../../../bootstrap/tokens';
import { backendNames, startRuntime, testConfig } from '../../support/backends';
import { testRedisUrl } from '../../support/services';
import { httpEnvOf } from '../../support/http';

/** A port that was free a moment ago: nothing listens there. */
const deadPort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A server that accepts connections and never says a word: a database that hangs. */
const silentServer = async (): Promise<{ port: number; close(): Promise<void> }> => {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
};

/** A runtime that is not migrated (its database may not answer at all), with its HTTP app. */
const unmigrated = (overrides: Partial<Config>) => {
  const runtime = buildRuntime(testConfig('sqlite', overrides));
  return { runtime, env: httpEnvOf(runtime) };
};

const NO_KEY_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

for (const backend of backendNames()) {
  describe(`Health and readiness [${backend}]`, () => {
    it('answers /healthz 200 {"status":"ok"} and /readyz 200 with every check, without a key and outside every rate limit', async () => {
      const runtime = await startRuntime(backend);
      try {
        const env = httpEnvOf(runtime);
        const health = await env.request.get('/healthz');
        expect(health.status).to.equal(200);
        expect(health.body).to.deep.equal({ status: 'ok' });
        expect(health.headers['cache-control']).to.equal('no-store');
        const ready = await env.request.get('/readyz');
        expect(ready.status).to.equal(200);
        expect(ready.body).to.deep.equal({ status: 'ready', checks: { database: 'ok', redis: 'not configured', rate_limit_store: 'ok' } });
        for (const h of NO_KEY_HEADERS) expect(ready.headers).to.not.have.property(h);
        expect(ready.headers['x-request-id']).to.be.a('string');
      } finally {
        await runtime.dispose();
      }
    });
  });
}

describe('Readiness when a dependency fails', function () {
  this.timeout(20000);

  it('answers 503 naming the database when PostgreSQL does not listen', async () => {
    const { runtime, env } = unmigrated({ databaseUrl: `postgres://postgres@127.0.0.1:${await deadPort()}/workspace` });
    try {
      const res = await env.request.get('/readyz');
      expect(res.status).to.equal(503);
      expect(res.body.status).to.equal('not ready');
      expect(res.body.checks.database).to.match(/^error: /);
      expect(res.body.checks.redis).to.equal('not configured');
      // Liveness is not readiness: the process still serves.
      expect((await env.request.get('/healthz')).status).to.equal(200);
    } finally {
      await runtime.close();
    }
  });

  it('answers 503 naming the database once its connections are closed (SQLite)', async () => {
    const runtime = await startRuntime('sqlite');
    const env = httpEnvOf(runtime);
    await runtime.close();
    const res = await env.request.get('/readyz');
    expect(res.status).to.equal(503);
    expect(res.body.status).to.equal('not ready');
    expect(res.body.checks.database).to.match(/^error: /);
  });

  it('answers 503 within about a second when the database accepts the connection and never answers', async () => {
    const silent = await silentServer();
    const { runtime, env } = unmigrated({ databaseUrl: `postgres://postgres@127.0.0.1:${silent.port}/workspace` });
    try {
      const started = Date.now();
      const res = await env.request.get('/readyz');
      expect(Date.now() - started).to.be.lessThan(3000);
      expect(res.status).to.equal(503);
      expect(res.body.checks.database).to.equal('error: timeout after 1000 ms');
    } finally {
      await silent.close();
      await runtime.close();
    }
  });

  it('stays ready, naming the redis error, when REDIS_URL points where nothing listens (every node would go out at once)', async () => {
    const runtime = await startRuntime('memory', { redisUrl: `redis://127.0.0.1:${await deadPort()}` });
    try {
      const res = await httpEnvOf(runtime).request.get('/readyz');
      expect(res.status).to.equal(200);
      expect(res.body.status).to.equal('ready');
      expect(res.body.checks.database).to.equal('ok');
      expect(res.body.checks.redis).to.match(/^error: /);
    } finally {
      await runtime.dispose();
    }
  });

  it('stays ready while the rate-limit store is degraded (each process keeps its share), and shows it', async () => {
    const runtime = await startRuntime('memory');
    try {
      const limiter = runtime.container.get<RateLimiter>(TOKENS.RateLimiter);
      runtime.container.rebindSync(TOKENS.RateLimiter).toConstantValue({
        consume: (key: string) => limiter.consume(key),
        knownRefusal: (key: string) => limiter.knownRefusal(key),
        health: () => ({ store: 'degraded', since: '2026-03-01T12:00:00.000Z' }),
      } satisfies RateLimiter);
      const res = await httpEnvOf(runtime).request.get('/readyz');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        status: 'ready',
        checks: { database: 'ok', redis: 'not configured', rate_limit_store: 'degraded' },
      });
    } finally {
      await runtime.dispose();
    }
  });
});

const redisUrl = testRedisUrl('the Redis readiness test');
(redisUrl ? describe : describe.skip)('Readiness with Redis', () => {
  it('answers 200 with redis ok when REDIS_URL answers', async () => {
    const runtime = await startRuntime('sqlite', { redisUrl, rateLimitRedisPrefix: `test:${randomBytes(4).toString('hex')}` });
    try {
      const res = await httpEnvOf(runtime).request.get('/readyz');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ status: 'ready', checks: { database: 'ok', redis: 'ok', rate_limit_store: 'ok' } });
    } finally {
      await runtime.dispose();
    }
  });
});

describe('Operational paths', () => {
  it('are served at their exact path only: another letter case or a deeper path is 404 in the envelope', async () => {
    const runtime = await startRuntime('memory');
    try {
      const env = httpEnvOf(runtime);
      for (const path of ['/HEALTHZ', '/Readyz', '/healthz/deep', '/metrics/x']) {
        const res = await env.request.get(path);
        expect(res.status, path).to.equal(404);
        expect(res.body.error.code, path).to.equal('NOT_FOUND');
      }
    } finally {
      await runtime.dispose();
    }
  });
});
