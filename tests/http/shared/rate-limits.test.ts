import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { FlexibleRateLimiter } from '../../../adapters/ratelimit/flexible-rate-limiter';
import { StoreWatch } from '../../../adapters/ratelimit/store-watch';
import { Logger } from '../../../application/shared/logger';
import { AuthenticateApiKey } from '../../../application/teams/authenticate-api-key';
import { RateLimiter } from '../../../application/shared/rate-limiter';
import { Config, loadConfig } from '../../../bootstrap/config';
import { TOKENS } from '../../../bootstrap/tokens';
import { startRuntime } from '../../support/backends';
import { testRedisUrl } from '../../support/services';
import { sampleOf } from '../../support/metrics-text';
import { HttpEnv, httpEnvOf } from '../../support/http';

interface Line {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

const capture = (): { lines: Line[]; logger: Logger } => {
  const lines: Line[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => {
    lines.push({ level, fields, message });
  };
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
};

/** A port that was free a moment ago: nothing listens there. */
const deadPort = (): Promise<number> =>
  new Promise((resolve) => {
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
      runtime.container
        .rebindSync(TOKENS.RateLimiter)
        .toConstantValue(FlexibleRateLimiter.shared(store, 100, { timeoutMs: 50, watch: new StoreWatch(logger) }));
      const env = httpEnvOf(runtime);
      const { auth } = await env.team();
      for (let i = 0; i < 3; i++) await env.request.get('/api/v1/clients').set(auth).expect(200);
      // Besides the access log's line per request.
      const told = lines.filter((l) => l.message !== 'request');
      expect(told.map((l) => l.level)).to.deep.equal(['warn']);
      expect(String(told[0].fields.err)).to.match(/did not answer within 50 ms/);
    } finally {
      await runtime.dispose();
    }
  });
});

/** A limiter that cannot answer: its store timed out and it has no share of its own to answer from. */
const failing: RateLimiter = {
  consume: () => Promise.reject(new Error('rate limiter store did not answer within 1000 ms')),
  knownRefusal: () => null,
  health: () => ({ store: 'degraded', since: new Date().toISOString() }),
};

describe('Rate limits whose limiter fails', () => {
  it('let the request through, never a 500, and count it by budget', async () => {
    const runtime = await startRuntime('memory');
    try {
      for (const token of [
        TOKENS.RateLimiter,
        TOKENS.PublicAddressRateLimiter,
        TOKENS.PublicEndpointRateLimiter,
        TOKENS.AuthFailureRateLimiter,
      ]) {
        runtime.container.rebindSync(token).toConstantValue(failing);
      }
      const env = httpEnvOf(runtime);
      const { url } = await endpointOf(env);
      const { auth } = await env.team();
      const keyed = await env.request.get('/api/v1/clients').set(auth);
      expect(keyed.status).to.equal(200);
      expect(keyed.headers).to.not.have.property('ratelimit-limit');
      const wrong = await env.request.get('/api/v1/clients').set({ Authorization: 'Bearer wsk_wrong' });
      expect(wrong.status).to.equal(401);
      expect(wrong.body.error.code).to.equal('UNAUTHORIZED');
      const inbound = await env.request.get(url);
      expect(inbound.status).to.equal(200);
      expect(inbound.headers).to.not.have.property('ratelimit-limit');

      const text = (await env.request.get('/metrics').expect(200)).text;
      // Each team made above took one keyed request; the public request had both of its budgets fail.
      expect(sampleOf(text, 'rate_limit_failures_total', { scope: 'key' })).to.equal(2);
      expect(sampleOf(text, 'rate_limit_failures_total', { scope: 'auth' })).to.equal(1);
      expect(sampleOf(text, 'rate_limit_failures_total', { scope: 'public' })).to.equal(2);
    } finally {
      await runtime.dispose();
    }
  });
});

/** An inbound endpoint of a new team, by its public URL. */
const endpointOf = async (env: HttpEnv): Promise<{ url: string; secret: string }> => {
  const { auth } = await env.team();
  const created = await env.request.post('/api/v1/webhooks').set(auth).send({ name: 'Site' }).expect(201);
  return { url: `/api/v1/webhooks/inbound/${created.body.data.endpoint_id}`, secret: created.body.data.secret_token };
};

const from = (address: string) => ({ 'X-Forwarded-For': address });

/** Behind one load balancer that appends the address it saw: the tests name the client with `from`. */
const BEHIND_ONE_PROXY: Partial<Config> = { trustedProxyHops: 1 };

const CLOUD = '/api/v1/whatsapp/cloud/webhook';

describe('Rate limits on the public routes', () => {
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  let env: HttpEnv;
  beforeEach(async () => {
    runtime = await startRuntime('memory', { ...BEHIND_ONE_PROXY, publicRateLimitPerMinute: 4, inboundRateLimitPerMinute: 6 });
    env = httpEnvOf(runtime);
  });
  afterEach(() => runtime.dispose());

  it('limits each client address across every public route, with the 429 envelope, Retry-After and RateLimit headers', async () => {
    const { url, secret } = await endpointOf(env);
    const me = from('203.0.113.7');
    const status = await env.request.get(url).set(me);
    expect(status.status).to.equal(200);
    expect(status.headers).to.include({ 'ratelimit-limit': '4', 'ratelimit-remaining': '3' });
    expect(Number(status.headers['ratelimit-reset'])).to.be.within(1, 60);
    await env.request.post(url).set(me).set('X-Webhook-Secret', secret).send({ full_name: 'Ana Lima', phone: '11 98765-4321' }).expect(200);
    await env.request.get('/api/v1/webhooks/inbound/wh_unknown').set(me).expect(404);
    await env.request.post(CLOUD).set(me).send({}).expect(401);

    const refused = await env.request
      .post(url)
      .set(me)
      .set('X-Webhook-Secret', secret)
      .send({ full_name: 'Bia Lima', phone: '11 98765-4322' });
    expect(refused.status).to.equal(429);
    expect(refused.body).to.deep.equal({ success: false, error: { code: 'RATE_LIMITED', message: 'Rate limit exceeded' } });
    expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
    expect(refused.headers).to.include({ 'ratelimit-limit': '4', 'ratelimit-remaining': '0' });
    expect((await env.request.get(CLOUD).set(me)).status).to.equal(429);
    // Another address has its own budget; keyed routes are not counted here.
    await env.request.get(url).set(from('203.0.113.8')).expect(200);
    const { auth } = await env.team();
    await env.request.get('/api/v1/clients').set(me).set(auth).expect(200);
  });

  it('limits each endpoint whatever the address, the Cloud API webhook being one endpoint', async () => {
    const busy = await endpointOf(env);
    const calm = await endpointOf(env);
    for (let i = 0; i < 6; i++)
      await env.request
        .get(busy.url)
        .set(from(`198.51.100.${i}`))
        .expect(200);
    const refused = await env.request.get(busy.url).set(from('198.51.100.99'));
    expect(refused.status).to.equal(429);
    expect(refused.body.error.code).to.equal('RATE_LIMITED');
    expect(refused.headers).to.include({ 'ratelimit-limit': '6', 'ratelimit-remaining': '0' });
    await env.request.get(calm.url).set(from('198.51.100.99')).expect(200);

    for (let i = 0; i < 6; i++) {
      const res =
        i % 2
          ? await env.request.get(CLOUD).set(from(`192.0.2.${i}`))
          : await env.request
              .post(CLOUD)
              .set(from(`192.0.2.${i}`))
              .send({});
      expect(res.status).to.equal(401);
    }
    expect((await env.request.post(CLOUD).set(from('192.0.2.99')).send({})).status).to.equal(429);
  });

  it('counts an IPv6 client by its /64, which one subscriber holds whole', async () => {
    const { url } = await endpointOf(env);
    for (const address of ['2001:db8:7:1::1', '2001:db8:7:1:ffff::9', '2001:0db8:0007:0001:0:0:0:abcd', '2001:db8:7:1::2']) {
      await env.request.get(url).set(from(address)).expect(200);
    }
    expect((await env.request.get(url).set(from('2001:db8:7:1::99'))).status).to.equal(429);
    await env.request.get(url).set(from('2001:db8:7:2::1')).expect(200);
  });

  it('documents 429 on every public operation', async () => {
    const doc = (await env.request.get('/api/v1/openapi.json')).body;
    for (const op of [
      doc.paths['/webhooks/inbound/{endpointId}'].get,
      doc.paths['/webhooks/inbound/{endpointId}'].post,
      doc.paths['/whatsapp/cloud/webhook'].get,
      doc.paths['/whatsapp/cloud/webhook'].post,
    ]) {
      expect(op.responses, op.operationId).to.have.property('429');
    }
  });
});

describe('Failed authentications per client address', () => {
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  let env: HttpEnv;
  beforeEach(async () => {
    runtime = await startRuntime('memory', { ...BEHIND_ONE_PROXY, authFailureLimitPerMinute: 3 });
    env = httpEnvOf(runtime);
  });
  afterEach(() => runtime.dispose());

  it('answer 429 from an address whose failures spent their budget, a valid key included, until the window resets', async () => {
    const { auth } = await env.team();
    const me = from('203.0.113.20');
    // Requests with a valid key never count.
    for (let i = 0; i < 5; i++) await env.request.get('/api/v1/clients').set(me).set(auth).expect(200);
    for (const headers of [{}, { Authorization: 'Bearer wsk_nope' }, { Authorization: 'wsk_nope' }]) {
      const res = await env.request.get('/api/v1/clients').set(me).set(headers);
      expect(res.status).to.equal(401);
      expect(res.body.error.code).to.equal('UNAUTHORIZED');
    }
    const refused = await env.request
      .post('/api/v1/clients')
      .set(me)
      .set({ Authorization: 'Bearer wsk_guess' })
      .send({ name: 'X', type: 'PF' });
    expect(refused.status).to.equal(429);
    expect(refused.body).to.deep.equal({ success: false, error: { code: 'RATE_LIMITED', message: 'Rate limit exceeded' } });
    expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
    // A guess that hits must not be told from one that misses: the address waits, whatever its key.
    await env.request.get('/api/v1/clients').set(me).set(auth).expect(429);
    // Other addresses are not concerned, nor the public routes.
    await env.request.get('/api/v1/clients').set(from('203.0.113.21')).set(auth).expect(200);
    await env.request.get('/api/v1/clients').set(from('203.0.113.21')).expect(401);
    await env.request.get('/api/v1/webhooks/inbound/wh_unknown').set(me).expect(404);
  });

  it('refuse a blocked address before its key is looked up', async () => {
    const authenticate = runtime.container.get(AuthenticateApiKey);
    const execute = authenticate.execute.bind(authenticate);
    let lookups = 0;
    authenticate.execute = (command) => {
      lookups++;
      return execute(command);
    };
    const me = from('203.0.113.30');
    for (let i = 0; i < 3; i++)
      await env.request
        .get('/api/v1/clients')
        .set(me)
        .set({ Authorization: `Bearer wsk_${i}` })
        .expect(401);
    expect(lookups).to.equal(3);
    for (let i = 0; i < 5; i++)
      await env.request
        .get('/api/v1/deals')
        .set(me)
        .set({ Authorization: `Bearer wsk_x${i}` })
        .expect(429);
    expect(lookups).to.equal(3);
  });
});

describe('Failed authentications with no proxy trusted (the default)', () => {
  it("are counted against the connection's address, whatever X-Forwarded-For each request claims", async () => {
    // The runtime keeps TRUSTED_PROXY_HOPS at its default.
    const runtime = await startRuntime('memory', { authFailureLimitPerMinute: 3 });
    try {
      const env = httpEnvOf(runtime);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await env.request
          .get('/api/v1/clients')
          .set(from(`198.51.100.${i}`))
          .set({ Authorization: `Bearer wsk_guess${i}` });
        statuses.push(res.status);
      }
      expect(statuses).to.deep.equal([401, 401, 401, 429, 429]);
    } finally {
      await runtime.dispose();
    }
  });
});

describe('The client address the limits count', () => {
  const statusOf = async (overrides: Partial<Config>, chains: string[]): Promise<number[]> => {
    const runtime = await startRuntime('memory', { publicRateLimitPerMinute: 2, ...overrides });
    try {
      const env = httpEnvOf(runtime);
      const statuses: number[] = [];
      for (const chain of chains) statuses.push((await env.request.get(CLOUD).set('X-Forwarded-For', chain)).status);
      return statuses;
    } finally {
      await runtime.dispose();
    }
  };

  it('is the X-Forwarded-For entry the proxy in front added, not those the client wrote before it', async () => {
    // A client that writes its own X-Forwarded-For gets no fresh budget: the proxy appends what it saw.
    expect(
      await statusOf(BEHIND_ONE_PROXY, ['10.0.0.1, 203.0.113.40', '10.0.0.2, 203.0.113.40', '10.0.0.3, 203.0.113.40', '203.0.113.41']),
    ).to.deep.equal([401, 401, 429, 401]);
  });

  it('is the entry as many from the right as there are trusted proxies (TRUSTED_PROXY_HOPS)', async () => {
    expect(
      await statusOf({ trustedProxyHops: 2 }, [
        '10.0.0.1, 203.0.113.40, 192.0.2.1',
        '10.0.0.2, 203.0.113.40, 192.0.2.1',
        '203.0.113.40, 192.0.2.2',
        '203.0.113.42, 192.0.2.1',
      ]),
    ).to.deep.equal([401, 401, 429, 401]);
  });

  it("is the connection's address when no proxy is trusted", async () => {
    expect(await statusOf({ trustedProxyHops: 0 }, ['203.0.113.40', '203.0.113.41', '203.0.113.42'])).to.deep.equal([401, 401, 429]);
  });

  it("is the connection's address by default: an X-Forwarded-For the client wrote gets it no fresh budget", async () => {
    expect(await statusOf({}, ['203.0.113.40', '203.0.113.41', '203.0.113.42'])).to.deep.equal([401, 401, 429]);
  });

  it("is the connection's address when the trusted entry is not an IP address, however long it is", async () => {
    const garbage = [
      'x'.repeat(8192),
      `203.0.113.40${'0'.repeat(8000)}`,
      `fe80::1%${'z'.repeat(8000)}`,
      'unknown',
      '203.0.113.40:443',
      '[2001:db8::1]',
      '10.0.0.1, not an address',
      '',
    ];
    // Each value is spent on the one budget of the connection's address, which the last request (no header) finds empty.
    const statuses = await statusOf({ ...BEHIND_ONE_PROXY, publicRateLimitPerMinute: garbage.length - 1 }, garbage);
    expect(statuses).to.deep.equal([...new Array<number>(garbage.length - 1).fill(401), 429]);
  });

  it('counts an IPv4-mapped IPv6 entry as its IPv4 address, however it is written', async () => {
    // 203.0.113.60 is cb00:713c.
    expect(await statusOf(BEHIND_ONE_PROXY, ['203.0.113.60', '::ffff:203.0.113.60', '0:0:0:0:0:FFFF:cb00:713c'])).to.deep.equal([
      401, 401, 429,
    ]);
  });
});

describe('Rate limits on the public routes at their defaults', () => {
  it("take a platform's burst of leads from one address to one endpoint without a refusal", async () => {
    const defaults = loadConfig({});
    const runtime = await startRuntime('memory', {
      publicRateLimitPerMinute: defaults.publicRateLimitPerMinute,
      inboundRateLimitPerMinute: defaults.inboundRateLimitPerMinute,
    });
    try {
      const env = httpEnvOf(runtime);
      const { url, secret } = await endpointOf(env);
      for (let i = 0; i < 150; i++) {
        const phone = `11 98765-${String(1000 + i)}`;
        const res = await env.request
          .post(url)
          .set(from('203.0.113.50'))
          .set('X-Webhook-Secret', secret)
          .send({ full_name: `Lead ${i}`, phone });
        expect(res.status, String(i)).to.equal(200);
      }
    } finally {
      await runtime.dispose();
    }
  });
});

const redisUrl = testRedisUrl('the Redis rate-limit suite');

(redisUrl ? describe : describe.skip)('Public rate limits kept in Redis', () => {
  it('share one budget per address and per endpoint between two nodes', async () => {
    const shared: Partial<Config> = {
      ...BEHIND_ONE_PROXY,
      redisUrl,
      rateLimitRedisPrefix: `test:${randomBytes(4).toString('hex')}`,
      publicRateLimitPerMinute: 4,
      inboundRateLimitPerMinute: 5,
    };
    const one = await startRuntime('memory', shared);
    const two = await startRuntime('memory', shared);
    try {
      const nodes = [httpEnvOf(one).request, httpEnvOf(two).request];
      const me = from('203.0.113.9');
      for (let i = 0; i < 4; i++) expect((await nodes[i % 2].get(CLOUD).set(me)).status).to.equal(401);
      const refused = await nodes[0].get(CLOUD).set(me);
      expect(refused.status).to.equal(429);
      expect(refused.headers['ratelimit-limit']).to.equal('4');
      // Per endpoint: four addresses used a point each above; the fifth is the last of the endpoint's five.
      expect((await nodes[1].get(CLOUD).set(from('203.0.113.10'))).status).to.equal(401);
      expect((await nodes[0].get(CLOUD).set(from('203.0.113.11'))).status).to.equal(429);
      expect(one.container.get<RateLimiter>(TOKENS.RateLimiter).health()).to.deep.equal({ store: 'ok' });
    } finally {
      await one.dispose();
      await two.dispose();
    }
  });
});
