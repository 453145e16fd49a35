import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';

/**
 * A bad value inside an array or a nested object is named by the request field that holds it
 * (`tags`, never `tags.0`); where inside goes in the message.
 */
forEachHttpBackend(
  'Validation errors name the request field',
  (env) => {
    it('names the array or object field on every route that takes one, with the position in the message', async () => {
      const team = await env().team();
      const project = (await env().request.post('/api/v1/projects').set(team.auth).send({ name: 'Site' }).expect(201)).body.data;
      const cases: [string, string, object, string, RegExp][] = [
        ['post', `/projects/${project.id}/leads`, { full_name: 'Ana', tags: ['vip', 2] }, 'tags', /tags\[1\]/],
        ['post', '/tasks', { title: 'a', project_id: project.id, tags: [1] }, 'tags', /tags\[0\]/],
        ['post', '/tasks', { title: 'a', project_id: project.id, assignee_ids: ['x'] }, 'assignee_ids', /assignee_ids\[0\]/],
        ['post', '/deals', { title: 'a', tags: [true] }, 'tags', /tags\[0\]/],
        ['post', '/clients', { name: 'Ana', type: 'PF', tags: [null] }, 'tags', /tags\[0\]/],
        ['post', '/clients', { name: 'Ana', type: 'PF', address: { city: 5 } }, 'address', /address\.city/],
        ['post', '/activities', { title: 'a', type: 'note', tags: [{}] }, 'tags', /tags\[0\]/],
        ['post', '/whatsapp/contacts', { phone: '11987654321', tags: [['vip']] }, 'tags', /tags\[0\]/],
        ['post', '/webhooks', { name: 'w', field_mapping: { full_name: 5 } }, 'field_mapping', /field_mapping\.full_name/],
        ['post', '/webhooks', { name: 'w', field_mapping: { full_name: ['nome', 7] } }, 'field_mapping', /field_mapping\.full_name/],
      ];
      for (const [method, path, body, field, where] of cases) {
        const res = await (env().request as any)[method](`/api/v1${path}`).set(team.auth).send(body);
        const label = `${method} ${path} ${JSON.stringify(body)}`;
        expect(res.status, label).to.equal(400);
        expect(res.body.error.code, label).to.equal('VALIDATION_ERROR');
        expect(res.body.error.details.field, label).to.equal(field);
        expect(res.body.error.message, label).to.match(where);
      }
    });

    it('lists every problem of a request in details.errors, and a single-check refusal as its one item', async () => {
      const team = await env().team();
      const res = await env()
        .request.post('/api/v1/clients')
        .set(team.auth)
        .send({ type: 'XX', tags: ['ok', 7], birth_date: '31/12/1990' });
      expect(res.status).to.equal(400);
      expect(res.body.error.details.field).to.equal(res.body.error.details.errors[0].field);
      expect(res.body.error.message).to.equal(res.body.error.details.errors[0].message);
      expect(res.body.error.details.errors).to.have.deep.members([
        { field: 'name', message: 'name is required' },
        { field: 'type', message: 'type must be one of: PF, PJ' },
        { field: 'tags', message: 'tags[1] must be a string' },
        { field: 'birth_date', message: 'birth_date must be a date YYYY-MM-DD or null' },
      ]);
      const one = await env().request.get('/api/v1/clients?limit=0').set(team.auth);
      expect(one.body.error.details).to.deep.equal({ field: 'limit', errors: [{ field: 'limit', message: one.body.error.message }] });
    });

    it('names the top-level field of a text that is not well-formed inside an array', async () => {
      const team = await env().team();
      const res = await env()
        .request.post('/api/v1/clients')
        .set(team.auth)
        .set('Content-Type', 'application/json')
        .send('{"name":"Ana","type":"PF","tags":["ok","\\ud800"]}');
      expect(res.status).to.equal(400);
      expect(res.body.error.details.field).to.equal('tags');
      expect(res.body.error.message).to.match(/tags\[1\]/);
    });
  },
  backendNames(),
);
