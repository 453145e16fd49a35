import { expect } from 'chai';
import { firstIllFormed } from '../../../adapters/http/middleware/well-formed-input';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';

const UUID = '0190b000-0000-7000-8000-000000000001';

/** `depth` nested arrays around `leaf`, built without recursion. */
const nested = (depth: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

describe('Well-formed text check', () => {
  it('names the first string that is not well-formed Unicode or holds NUL, keys included', () => {
    expect(firstIllFormed({ a: 'ok', b: ['x', 'y\ud800'] })).to.deep.equal({ field: 'b', at: 'b[1]', reason: 'unicode' });
    expect(firstIllFormed({ a: { 'k\udc00': 1 } })).to.deep.equal({ field: 'a', at: 'a', reason: 'unicode' });
    expect(firstIllFormed({ a: 'x\u0000' })).to.deep.equal({ field: 'a', at: 'a', reason: 'nul' });
    expect(firstIllFormed({ a: { b: [{ c: '\u0000' }] } })).to.deep.equal({ field: 'a', at: 'a.b[0].c', reason: 'nul' });
    expect(firstIllFormed({ first: 'a\udc00b', second: '\ud800' })?.field).to.equal('first');
    expect(firstIllFormed({ emoji: '😀 🇧🇷 José', n: 1, b: true, z: null })).to.equal(null);
  });

  it('walks a value nested far deeper than the call stack allows', () => {
    expect(firstIllFormed(nested(200000, 'ok'))).to.equal(null);
    const found = firstIllFormed({ deep: nested(200000, '\ud800') });
    expect(found?.reason).to.equal('unicode');
    expect(found?.field).to.equal('deep');
    expect(found?.at.startsWith('deep[0][0]')).to.equal(true);
    expect(found?.at.length).to.be.below(200);
  });
});

forEachHttpBackend(
  'Text in is text out',
  (env) => {
    const lone = ['\ud800', 'a\udc00b', 'José \udbff'];

    it('refuses a lone surrogate anywhere in a JSON body with 400 naming the field, and stores nothing', async () => {
      const { auth } = await env().team();
      for (const bad of lone) {
        const cases: [string, Record<string, unknown>, string][] = [
          ['/api/v1/clients', { name: bad, type: 'PF' }, 'name'],
          ['/api/v1/clients', { name: 'ok', type: 'PF', address: { city: bad } }, 'address'],
          ['/api/v1/deals', { title: 'ok', tags: ['x', bad] }, 'tags'],
          ['/api/v1/activities', { title: 'ok', description: bad }, 'description'],
          ['/api/v1/whatsapp/contacts', { phone: '11987654321', custom_name: bad }, 'custom_name'],
        ];
        for (const [path, body, field] of cases) {
          const res = await env().request.post(path).set(auth).send(body);
          expect(res.status, `${path} ${JSON.stringify(body)}`).to.equal(400);
          expect(res.body.error.code).to.equal('VALIDATION_ERROR');
          expect(res.body.error.details).to.deep.include({ field });
        }
      }
      for (const path of ['/api/v1/clients', '/api/v1/deals', '/api/v1/activities', '/api/v1/whatsapp/contacts']) {
        expect((await env().request.get(path).set(auth)).body.pagination.total, path).to.equal(0);
      }
    });

    it('refuses it on an update and on the public receiver too, and keeps the stored text', async () => {
      const { auth } = await env().team();
      const created = await env().request.post('/api/v1/deals').set(auth).send({ title: 'Ação 😀' });
      expect(created.status).to.equal(201);
      const put = await env().request.put(`/api/v1/deals/${created.body.data.id}`).set(auth).send({ description: 'a\udc00b' });
      expect(put.status).to.equal(400);
      expect(put.body.error.details).to.deep.include({ field: 'description' });
      const read = await env().request.get(`/api/v1/deals/${created.body.data.id}`).set(auth);
      expect(read.body.data).to.include({ title: 'Ação 😀', description: null });
      // The receiver reads a body only for a sender it admits: its endpoint's secret.
      const hook = (await env().request.post('/api/v1/webhooks').set(auth).send({ name: 'Site' })).body.data;
      const inbound = await env()
        .request.post(`/api/v1/webhooks/inbound/${hook.endpoint_id}`)
        .set('X-Webhook-Secret', hook.secret_token)
        .send({ full_name: '\ud800' });
      expect(inbound.status).to.equal(400);
      expect(inbound.body.error.details).to.deep.include({ field: 'full_name' });
    });

    it('answers a body nested 5000 levels deep with 400 or success, never 500', async () => {
      const { auth } = await env().team();
      const deep = nested(5000, 'leaf');
      const project = (await env().request.get('/api/v1/projects').set(auth)).body.data[0].id;
      const sends: [string, Record<string, unknown>][] = [
        ['/api/v1/clients', { name: 'Deep', type: 'PF', extra: deep }],
        ['/api/v1/clients', { name: deep, type: 'PF' }],
        ['/api/v1/deals', { title: 'Deep', tags: deep }],
        ['/api/v1/campaigns', { name: 'Deep', project_id: project, goals: deep }],
        ['/api/v1/clients', { name: 'Deep', type: 'PF', extra: nested(5000, '\ud800') }],
      ];
      for (const [path, body] of sends) {
        const res = await env().request.post(path).set(auth).send(body);
        expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 200)}`).to.be.oneOf([200, 201, 400]);
        expect(res.body.success, path).to.be.a('boolean');
      }
      const inbound = await env().request.post(`/api/v1/webhooks/inbound/${UUID}`).send({ payload: deep });
      expect(inbound.status).to.be.oneOf([200, 400, 404]);
    });

    it('refuses a body nested deeper than 64 levels with 400 on the field holding it, before it is stored', async () => {
      const { auth } = await env().team();
      const deep = `${'{"a":'.repeat(100000)}1${'}'.repeat(100000)}`;
      for (const field of ['metadata', 'custom_fields']) {
        // Sent as text: superagent cannot serialize a value this deep.
        const res = await env()
          .request.post('/api/v1/deals')
          .set(auth)
          .set('Content-Type', 'application/json')
          .send(`{"title":"Fundo","${field}":${deep}}`);
        expect(res.status, field).to.equal(400);
        expect(res.body.error.details, field).to.deep.include({ field });
        expect(res.body.error.message, field).to.match(new RegExp(`^${field}[.a]+… is nested deeper than 64 levels$`));
      }
      const ok = await env()
        .request.post('/api/v1/deals')
        .set(auth)
        .send({ title: 'Raso', metadata: { a: nested(60, 1) } });
      expect(ok.status).to.equal(201);
      const list = await env().request.get('/api/v1/deals').set(auth);
      expect(list.body.data.map((d: { title: string }) => d.title)).to.deep.equal(['Raso']);
    });

    it('answers an unknown prefix in any letter case with 404 in the envelope, keyed or not', async () => {
      const { auth } = await env().team();
      for (const path of [
        '/api/V1/deals',
        '/API/v1/deals',
        '/Api/V1/clients',
        `/API/V1/deals/${UUID}`,
        '/api/v2/deals',
        '/apiv1/deals',
        '/api/v1',
      ]) {
        for (const headers of [auth, {}]) {
          for (const method of ['get', 'post', 'put', 'delete'] as const) {
            const res = await env().request[method](path).set(headers).send({ title: 'x' });
            expect(res.status, `${method} ${path}`).to.equal(404);
            expect(res.body).to.deep.equal({ success: false, error: { code: 'NOT_FOUND', message: 'Route not found' } });
          }
        }
      }
    });

    it('answers any byte in a path id, NUL and malformed percent-encoding included, with 404 in the envelope', async () => {
      const { auth } = await env().team();
      const ids = ['%00', 'a%00b', '%ff', '%FF%FE', '%zz', '%', '%E0%A4%A', '%ED%A0%80', '%C0%80', '%01', '%F0%9F%98%80', '..%2f..%2f'];
      for (const id of ids) {
        // Only the methods each path serves: another one is a 405 whatever the id (DELETE /projects/:id always, per spec).
        const served: [string, ('get' | 'put' | 'delete')[]][] = [
          ['/api/v1/deals', ['get', 'put', 'delete']],
          ['/api/v1/clients', ['get', 'put', 'delete']],
          ['/api/v1/webhooks/inbound', ['get']],
          ['/api/v1/projects', ['get', 'put']],
          ['/api/v1/whatsapp/contacts', ['get', 'put', 'delete']],
          ['/api/v1/tasks', ['get', 'put', 'delete']],
        ];
        for (const [base, methods] of served) {
          for (const method of methods) {
            const res = await env().request[method](`${base}/${id}`).set(auth).send({ name: 'x' });
            expect(res.status, `${method} ${base}/${id}`).to.equal(404);
            expect(res.body.success).to.equal(false);
            expect(res.body.error.code).to.equal('NOT_FOUND');
          }
        }
        const inbound = await env().request.post(`/api/v1/webhooks/inbound/${id}`).send({ full_name: 'Ana' });
        expect(inbound.status, `POST inbound ${id}`).to.equal(404);
        expect(inbound.body.error.code).to.equal('NOT_FOUND');
      }
    });
  },
  backendNames(),
);
