import { expect } from 'chai';
import { CreateWorkflow } from '../../../application/deals/create-workflow';
import { DispatchDealEvents } from '../../../application/deals/dispatch-deal-events';
import { Config } from '../../../bootstrap/config';
import { startRuntime } from '../../support/backends';
import { HttpEnv, httpEnvOf } from '../../support/http';
import { sampleOf } from '../../support/metrics-text';

const withEnv = async (overrides: Partial<Config>, test: (env: HttpEnv) => Promise<void>) => {
  const runtime = await startRuntime('sqlite', overrides);
  try {
    await test(httpEnvOf(runtime));
  } finally {
    await runtime.dispose();
  }
};

const scrape = async (env: HttpEnv, headers: Record<string, string> = {}) => {
  const res = await env.request.get('/metrics').set(headers);
  expect(res.status).to.equal(200);
  return res.text;
};

describe('GET /metrics', () => {
  it('serves the Prometheus text format with the process metrics, without a key and outside every rate limit', () =>
    withEnv({}, async (env) => {
      const res = await env.request.get('/metrics');
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.equal('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers).to.not.have.property('ratelimit-limit');
      expect(res.text).to.contain('# TYPE http_request_duration_seconds histogram');
      expect(sampleOf(res.text, 'process_cpu_user_seconds_total')).to.be.a('number');
      expect(sampleOf(res.text, 'nodejs_eventloop_lag_seconds')).to.be.a('number');
      // Counters are there at 0 before anything happens.
      expect(sampleOf(res.text, 'workflow_runs_total', { status: 'failed' })).to.equal(0);
      expect(sampleOf(res.text, 'rate_limited_requests_total', { scope: 'key' })).to.equal(0);
    }));

  it('times requests by route template (never the path with its ids), method and status; unmatched routes share one label', () =>
    withEnv({}, async (env) => {
      const { auth } = await env.team();
      const created = await env.request.post('/api/v1/deals').set(auth).send({ title: 'Observed deal' });
      expect(created.status).to.equal(201);
      const id = created.body.data.id as string;
      expect((await env.request.get(`/api/v1/deals/${id}`).set(auth)).status).to.equal(200);
      expect((await env.request.get(`/api/v1/deals/${id}`).set(auth)).status).to.equal(200);
      // Refused before its handler ran: still named by its route.
      expect((await env.request.get(`/api/v1/deals/${id}`)).status).to.equal(401);
      expect((await env.request.get('/api/v1/no-such-thing/123')).status).to.equal(404);
      expect((await env.request.get('/nowhere')).status).to.equal(404);

      const text = await scrape(env);
      const route = '/api/v1/deals/:id';
      expect(sampleOf(text, 'http_request_duration_seconds_count', { method: 'GET', route, status: '200' })).to.equal(2);
      expect(sampleOf(text, 'http_request_duration_seconds_bucket', { method: 'GET', route, status: '200', le: '+Inf' })).to.equal(2);
      expect(sampleOf(text, 'http_request_duration_seconds_sum', { method: 'GET', route, status: '200' })).to.be.greaterThan(0);
      expect(sampleOf(text, 'http_request_duration_seconds_count', { method: 'GET', route, status: '401' })).to.equal(1);
      expect(sampleOf(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/deals', status: '201' })).to.equal(1);
      expect(sampleOf(text, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' })).to.equal(2);
      expect(text).to.not.contain(id);
      expect(text).to.not.contain('no-such-thing');
    }));

  it('counts workflow runs, inbound deliveries and the outbox backlog', () =>
    withEnv({}, async (env) => {
      const { auth, teamId } = await env.team();
      const c = env.runtime.container;
      await c.get(CreateWorkflow).execute({ teamId }, { event: 'deal_created', action: 'create_activity', config: { title: 'Call them' } });
      expect((await env.request.post('/api/v1/deals').set(auth).send({ title: 'A' })).status).to.equal(201);
      expect((await env.request.post('/api/v1/deals').set(auth).send({ title: 'B' })).status).to.equal(201);

      // Nothing dispatches in tests: the two events wait.
      let text = await scrape(env);
      expect(sampleOf(text, 'deal_events_pending')).to.equal(2);
      expect(sampleOf(text, 'deal_events_oldest_pending_age_seconds')).to.be.within(0, 60);

      await c.get(DispatchDealEvents).execute();
      // The activities the two workflows created raised activity.created in that run: the next run delivers them.
      text = await scrape(env);
      expect(sampleOf(text, 'deal_events_pending')).to.equal(2);
      await c.get(DispatchDealEvents).execute();
      text = await scrape(env);
      expect(sampleOf(text, 'deal_events_pending')).to.equal(0);
      expect(sampleOf(text, 'deal_events_oldest_pending_age_seconds')).to.equal(0);
      expect(sampleOf(text, 'workflow_runs_total', { status: 'succeeded' })).to.equal(2);

      const hook = await env.request.post('/api/v1/webhooks').set(auth).send({ name: 'Site form' });
      expect(hook.status).to.equal(201);
      const deliver = (body: unknown, key: string) =>
        env.request
          .post(`/api/v1/webhooks/inbound/${hook.body.data.endpoint_id}`)
          .set({ 'X-Webhook-Secret': hook.body.data.secret_token, 'Idempotency-Key': key })
          .send(body as object);
      expect((await deliver({ name: 'Ana Souza', phone: '+55 11 98765-4321' }, 'one')).status).to.equal(200);
      expect((await deliver({ name: 'Ana Souza', phone: '+55 11 98765-4321' }, 'one')).status).to.equal(200);
      // Answered 200 with success: false (the spec's outcome in the body).
      expect((await deliver({ nothing: 'usable' }, 'two')).body.success).to.equal(false);
      text = await scrape(env);
      expect(sampleOf(text, 'inbound_deliveries_total', { outcome: 'succeeded' })).to.equal(1);
      expect(sampleOf(text, 'inbound_deliveries_total', { outcome: 'duplicate' })).to.equal(1);
      expect(sampleOf(text, 'inbound_deliveries_total', { outcome: 'refused' })).to.equal(1);
      expect(sampleOf(text, 'inbound_deliveries_total', { outcome: 'crashed' })).to.equal(0);
    }));

  it('counts rate-limited requests by budget: key, public, auth', () =>
    withEnv(
      {
        rateLimitPerMinute: 1,
        publicRateLimitPerMinute: 1,
        authFailureLimitPerMinute: 1,
      },
      async (env) => {
        const { auth } = await env.team();
        expect((await env.request.get('/api/v1/clients').set(auth)).status).to.equal(200);
        expect((await env.request.get('/api/v1/clients').set(auth)).status).to.equal(429);
        const inbound = '/api/v1/webhooks/inbound/0190a000-0000-7000-8000-000000000001';
        expect((await env.request.get(inbound)).status).to.equal(404);
        expect((await env.request.get(inbound)).status).to.equal(429);
        const wrong = { Authorization: 'Bearer wsk_wrong' };
        expect((await env.request.get('/api/v1/clients').set(wrong)).status).to.equal(401);
        expect((await env.request.get('/api/v1/clients').set(wrong)).status).to.equal(429);
        expect((await env.request.get('/api/v1/clients').set(wrong)).status).to.equal(429);

        const text = await scrape(env);
        expect(sampleOf(text, 'rate_limited_requests_total', { scope: 'key' })).to.equal(1);
        expect(sampleOf(text, 'rate_limited_requests_total', { scope: 'public' })).to.equal(1);
        expect(sampleOf(text, 'rate_limited_requests_total', { scope: 'auth' })).to.equal(2);
      },
    ));

  it('wants METRICS_TOKEN as a Bearer token when it is set: 401 in the envelope otherwise', () =>
    withEnv({ metricsToken: 'scrape-me-7f3a' }, async (env) => {
      for (const headers of [
        {},
        { Authorization: 'Bearer scrape-me' },
        { Authorization: 'Bearer scrape-me-7f3a-and-more' },
        { Authorization: 'scrape-me-7f3a' },
      ]) {
        const res = await env.request.get('/metrics').set(headers);
        expect(res.status, JSON.stringify(headers)).to.equal(401);
        expect(res.body.success).to.equal(false);
        expect(res.body.error.code).to.equal('UNAUTHORIZED');
        expect(res.text).to.not.contain('http_request_duration_seconds');
      }
      const text = await scrape(env, { Authorization: 'Bearer scrape-me-7f3a' });
      expect(text).to.contain('http_request_duration_seconds');
      // An API key is not the metrics token.
      const { auth } = await env.team();
      expect((await env.request.get('/metrics').set(auth)).status).to.equal(401);
    }));
});
