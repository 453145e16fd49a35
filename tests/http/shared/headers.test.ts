import { expect } from 'chai';
import supertest from 'supertest';
import { buildHttpApp } from '../../../bootstrap/http';
import { startRuntime } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';

forEachHttpBackend('Headers integrators expect', (env) => {
  it('answers every response, errors included, with X-Content-Type-Options: nosniff', async () => {
    const team = await env().team();
    for (const [i, res] of [
      await env().request.get('/api/v1/clients').set(team.auth),
      await env().request.get('/api/v1/clients'),
      await env().request.get('/api/v1/nowhere').set(team.auth),
      await env().request.get('/api/v1/openapi.json'),
    ].entries()) {
      expect(res.headers['x-content-type-options'], String(i)).to.equal('nosniff');
    }
  });

  it('names the created resource in Location on a 201', async () => {
    const team = await env().team();
    const created = await env().request.post('/api/v1/clients').set(team.auth).send({ name: 'João Araújo', type: 'PF' });
    expect(created.status).to.equal(201);
    expect(created.headers.location).to.equal(`/api/v1/clients/${created.body.data.id}`);
    expect((await env().request.get(created.headers.location).set(team.auth)).body.data.name).to.equal('João Araújo');
  });

  it('lists the methods a resource takes in Allow on a 405', async () => {
    const team = await env().team();
    const collection = await env().request.patch('/api/v1/clients').set(team.auth).send({});
    expect(collection.status).to.equal(405);
    expect(collection.body.error.code).to.equal('METHOD_NOT_ALLOWED');
    expect(collection.headers.allow).to.equal('GET, HEAD, POST');
    const one = await env().request.patch('/api/v1/clients/0190a000-0000-7000-8000-000000000000').set(team.auth).send({});
    expect(one.headers.allow).to.equal('DELETE, GET, HEAD, PUT');
    // The spec's own 405: a project cannot be deleted; Allow names what it can do.
    const project = (await env().request.post('/api/v1/projects').set(team.auth).send({ name: 'Site' })).body.data;
    const del = await env().request.delete(`/api/v1/projects/${project.id}`).set(team.auth);
    expect(del.status).to.equal(405);
    expect(del.headers.allow).to.equal('GET, HEAD, PUT');
  });
});

describe('CORS', () => {
  const origin = 'https://painel.agencia.com.br';
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  let request: ReturnType<typeof supertest>;
  before(async () => {
    runtime = await startRuntime('memory', { corsOrigins: [origin] });
    request = supertest(buildHttpApp(runtime).callback());
  });
  after(() => runtime.dispose());

  it('allows the listed origins only, and exposes the headers a client reads', async () => {
    const allowed = await request.get('/api/v1/clients').set('Origin', origin);
    expect(allowed.status).to.equal(401);
    expect(allowed.headers['access-control-allow-origin']).to.equal(origin);
    expect(allowed.headers.vary).to.match(/Origin/);
    expect(allowed.headers['access-control-expose-headers'])
      .to.match(/Location/)
      .and.match(/RateLimit-Remaining/)
      .and.match(/Idempotent-Replayed/);
    const other = await request.get('/api/v1/clients').set('Origin', 'https://evil.example');
    expect(other.headers).to.not.have.property('access-control-allow-origin');
  });

  it('answers a preflight from a listed origin with 204 and the methods and headers allowed', async () => {
    const res = await request
      .options('/api/v1/deals')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type, idempotency-key');
    expect(res.status).to.equal(204);
    expect(res.headers['access-control-allow-origin']).to.equal(origin);
    expect(res.headers['access-control-allow-methods']).to.equal('GET, POST, PUT, DELETE');
    expect(res.headers['access-control-allow-headers'].toLowerCase()).to.include('idempotency-key').and.include('authorization');
    const refused = await request
      .options('/api/v1/deals')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(refused.headers).to.not.have.property('access-control-allow-origin');
  });

  it('allows every subdomain of a `*.` origin, on its scheme and port only', async () => {
    const wild = await startRuntime('memory', { corsOrigins: ['https://*.example.com', 'http://*.agencia.local:5173'] });
    try {
      const app = supertest(buildHttpApp(wild).callback());
      const preflight = (from: string) => app.options('/api/v1/deals').set('Origin', from).set('Access-Control-Request-Method', 'POST');
      for (const from of ['https://app.example.com', 'https://a.b.example.com', 'http://painel.agencia.local:5173']) {
        const res = await preflight(from);
        expect(res.status, from).to.equal(204);
        expect(res.headers['access-control-allow-origin'], from).to.equal(from);
        const plain = await app.get('/api/v1/clients').set('Origin', from);
        expect(plain.headers['access-control-allow-origin'], from).to.equal(from);
      }
      for (const from of [
        'https://example.com',
        'https://evil-example.com',
        'https://x.example.com.evil.net',
        'https://xexample.com',
        'http://app.example.com',
        'https://app.example.com:8443',
        'https://app.example.com/',
        'https://*.example.com',
        'http://painel.agencia.local',
        'http://painel.agencia.local:5174',
        'null',
      ]) {
        const res = await preflight(from);
        expect(res.headers, from).to.not.have.property('access-control-allow-origin');
        const plain = await app.get('/api/v1/clients').set('Origin', from);
        expect(plain.headers, from).to.not.have.property('access-control-allow-origin');
      }
    } finally {
      await wild.dispose();
    }
  });

  it('sends no CORS header by default', async () => {
    const plain = await startRuntime('memory');
    try {
      const res = await supertest(buildHttpApp(plain).callback()).get('/api/v1/clients').set('Origin', origin);
      expect(res.headers).to.not.have.property('access-control-allow-origin');
    } finally {
      await plain.dispose();
    }
  });
});
