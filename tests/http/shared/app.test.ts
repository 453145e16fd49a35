import { expect } from 'chai';
import { forEachHttpBackend, httpEnvOf } from '../../support/http';
import { startRuntime } from '../../support/backends';
import supertest from 'supertest';
import { buildHttpApp } from '../../../bootstrap/http';
import { RevokeApiKey } from '../../../application/teams/revoke-api-key';
import { CreateApiKey } from '../../../application/teams/create-api-key';

forEachHttpBackend(
  'HTTP conventions',
  (env) => {
    it('answers 401 UNAUTHORIZED without a key, with an unknown key, and with a revoked key', async () => {
      const { teamId } = await env().team();
      const key = await env().runtime.container.get(CreateApiKey).execute({ teamId }, {});
      await env()
        .request.get('/api/v1/clients')
        .set({ Authorization: `Bearer ${key.key}` })
        .expect(200);
      await env().runtime.container.get(RevokeApiKey).execute({ id: key.id });
      for (const headers of [
        {},
        { Authorization: 'Bearer wsk_nope' },
        { Authorization: `Bearer ${key.key}` },
        { Authorization: key.key },
      ]) {
        const res = await env().request.get('/api/v1/clients').set(headers);
        expect(res.status).to.equal(401);
        expect(res.body).to.deep.include({ success: false });
        expect(res.body.error.code).to.equal('UNAUTHORIZED');
      }
    });

    it('answers unknown routes with 404 in the error envelope', async () => {
      const { auth } = await env().team();
      const res = await env().request.get('/api/v1/nothing-here').set(auth);
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('NOT_FOUND');
    });

    it('answers a method the route does not have with 405 in the envelope', async () => {
      const { auth } = await env().team();
      const res = await env().request.patch('/api/v1/clients').set(auth).send({});
      expect(res.status).to.equal(405);
      expect(res.body.error.code).to.equal('METHOD_NOT_ALLOWED');
    });

    it('answers invalid JSON with 400 VALIDATION_ERROR', async () => {
      const { auth } = await env().team();
      const res = await env().request.post('/api/v1/clients').set(auth).set('Content-Type', 'application/json').send('{"name": ');
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
    });

    it('refuses the NUL character in a body or a query with 400 naming the field, on every backend alike', async () => {
      const { auth } = await env().team();
      const body = await env()
        .request.post('/api/v1/clients')
        .set(auth)
        .send({ name: 'a\u0000b', type: 'PF', tags: ['ok', 'x\u0000'] });
      expect(body.status).to.equal(400);
      expect(body.body.error).to.include({ code: 'VALIDATION_ERROR' });
      expect(body.body.error.details.field).to.equal('name');
      const nested = await env()
        .request.post('/api/v1/clients')
        .set(auth)
        .send({ name: 'ok', type: 'PF', address: { city: '\u0000' } });
      expect(nested.body.error.details.field).to.equal('address');
      expect(nested.body.error.message).to.equal('address.city must not contain the NUL character');
      const query = await env().request.get('/api/v1/clients?search=a%00b').set(auth);
      expect(query.status).to.equal(400);
      expect(query.body.error.details.field).to.equal('search');
    });

    it('echoes a sane X-Request-Id and makes one otherwise', async () => {
      const { auth } = await env().team();
      const echoed = await env().request.get('/api/v1/clients').set(auth).set('X-Request-Id', 'abc-123.x_y');
      expect(echoed.headers['x-request-id']).to.equal('abc-123.x_y');
      const made = await env().request.get('/api/v1/clients').set(auth).set('X-Request-Id', 'bad id!');
      expect(made.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
      const nf = await env().request.get('/api/v1/nowhere');
      expect(nf.headers['x-request-id']).to.be.a('string');
    });
  },
  ['memory'],
);

describe('Rate limit per API key', () => {
  it('sends RateLimit headers and answers 429 RATE_LIMITED with Retry-After past the budget, per key', async () => {
    const runtime = await startRuntime('memory', { rateLimitPerMinute: 3 });
    try {
      const env = httpEnvOf(runtime);
      const a = await env.team();
      const b = await env.team();
      const request = supertest(buildHttpApp(runtime).callback());
      const first = await request.get('/api/v1/clients').set(a.auth);
      expect(first.headers).to.include({ 'ratelimit-limit': '3', 'ratelimit-remaining': '2' });
      expect(Number(first.headers['ratelimit-reset'])).to.be.within(1, 60);
      await request.get('/api/v1/clients').set(a.auth).expect(200);
      await request.get('/api/v1/clients').set(a.auth).expect(200);
      const refused = await request.get('/api/v1/clients').set(a.auth);
      expect(refused.status).to.equal(429);
      expect(refused.body.error.code).to.equal('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
      expect(refused.headers['ratelimit-remaining']).to.equal('0');
      await request.get('/api/v1/clients').set(b.auth).expect(200);
    } finally {
      await runtime.dispose();
    }
  });
});
