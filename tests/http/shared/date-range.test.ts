// Dates and timestamps every backend can store: 0001-01-01 to 9999-12-31, in UTC. PostgreSQL has no
// year 0 and refuses years past 9999 (a 500), SQLite and memory stored them as `+010000-…` (an answer
// that is not an ISO 8601 date-time). One check in the domain's date parsing makes them a 400 naming
// the field, on every route and backend.
import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';

/** Timestamps outside the range once in UTC, or not real instants. */
const BAD_TIMESTAMPS = [
  '0000-01-01',
  '0000-06-15T12:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59-14:00',
  '9999-12-31T23:00:00-01:00',
  '2024-02-30T10:00:00Z',
  '2023-02-29',
  '2024-01-01T24:00:00Z',
];
/** The first and last instants of the range, and a leap day. */
const EDGE_TIMESTAMPS: [string, string][] = [
  ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
  ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ['9999-12-31T23:59:59+00:00', '9999-12-31T23:59:59.000Z'],
  ['0001-01-01T10:00:00+10:00', '0001-01-01T00:00:00.000Z'],
  ['2024-02-29T12:00:00-03:00', '2024-02-29T15:00:00.000Z'],
];

forEachHttpBackend(
  'Dates within what storage keeps',
  (env) => {
    const setup = async () => {
      const team = await env().team();
      const post = async (path: string, body: object) =>
        (await env().request.post(`/api/v1${path}`).set(team.auth).send(body).expect(201)).body.data.id as string;
      const project = await post('/projects', { name: 'Datas' });
      return {
        team,
        project,
        task: await post('/tasks', { title: 'Entregar', project_id: project }),
        activity: await post('/activities', { title: 'Ligar' }),
        deal: await post('/deals', { title: 'Site' }),
        client: await post('/clients', { type: 'PF', name: 'Ana' }),
        campaign: await post('/campaigns', { name: 'Natal', project_id: project }),
      };
    };

    it('refuses a timestamp before year 1 or after year 9999 in UTC, or not a real instant, with 400 on its field', async () => {
      const f = await setup();
      for (const at of BAD_TIMESTAMPS) {
        const writes: [string, string, object, string][] = [
          ['post', '/activities', { title: 'a', occurred_at: at }, 'occurred_at'],
          ['put', `/activities/${f.activity}`, { occurred_at: at }, 'occurred_at'],
          ['put', `/tasks/${f.task}`, { completed_at: at }, 'completed_at'],
          ['put', `/projects/${f.project}`, { completed_at: at }, 'completed_at'],
          ['post', '/projects', { name: 'p', completed_at: at }, 'completed_at'],
        ];
        for (const [method, path, body, field] of writes) {
          const res = await (env().request as any)[method](`/api/v1${path}`).set(f.team.auth).send(body);
          const label = `${method} ${path} ${at}: ${JSON.stringify(res.body)}`;
          expect(res.status, label).to.equal(400);
          expect(res.body.error.code, label).to.equal('VALIDATION_ERROR');
          expect(res.body.error.details.field, label).to.equal(field);
        }
        const list = await env().request.get('/api/v1/whatsapp/conversations').query({ updated_since: at }).set(f.team.auth);
        expect(list.status, `updated_since ${at}: ${JSON.stringify(list.body)}`).to.equal(400);
        expect(list.body.error.details.field).to.equal('updated_since');
      }
      const task = (await env().request.get(`/api/v1/tasks/${f.task}`).set(f.team.auth)).body.data;
      expect(task.completed_at).to.equal(null);
    });

    it('says the range in the message', async () => {
      const f = await setup();
      const res = await env()
        .request.post('/api/v1/activities')
        .set(f.team.auth)
        .send({ title: 'a', occurred_at: '9999-12-31T23:59:59-14:00' });
      expect(res.body.error.message).to.equal('occurred_at must be from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z in UTC');
      const date = await env().request.post('/api/v1/clients').set(f.team.auth).send({ type: 'PF', name: 'Ana', birth_date: '0000-01-01' });
      expect(date.body.error).to.deep.include({
        code: 'VALIDATION_ERROR',
        message: 'birth_date must be a date from 0001-01-01 to 9999-12-31',
      });
    });

    it('stores the first and last instants of the range, normalized to UTC', async () => {
      const f = await setup();
      for (const [at, stored] of EDGE_TIMESTAMPS) {
        const created = await env().request.post('/api/v1/activities').set(f.team.auth).send({ title: 'a', occurred_at: at });
        expect(created.status, `${at}: ${JSON.stringify(created.body)}`).to.equal(201);
        const read = await env().request.get(`/api/v1/activities/${created.body.data.id}`).set(f.team.auth);
        expect(read.body.data.occurred_at, at).to.equal(stored);
        const task = await env().request.put(`/api/v1/tasks/${f.task}`).set(f.team.auth).send({ completed_at: at });
        expect(task.status, `${at}: ${JSON.stringify(task.body)}`).to.equal(200);
        expect(task.body.data.completed_at, at).to.equal(stored);
        const list = await env().request.get('/api/v1/whatsapp/conversations').query({ updated_since: at }).set(f.team.auth);
        expect(list.status, at).to.equal(200);
      }
    });

    it('refuses a calendar date of year 0 on every date field, and keeps 0001-01-01 and 9999-12-31', async () => {
      const f = await setup();
      const writes: [string, string, (d: string) => object, string][] = [
        ['put', `/clients/${f.client}`, (d) => ({ birth_date: d }), 'birth_date'],
        ['put', `/deals/${f.deal}`, (d) => ({ expected_close_date: d }), 'expected_close_date'],
        ['put', `/tasks/${f.task}`, (d) => ({ due_date: d }), 'due_date'],
        ['put', `/activities/${f.activity}`, (d) => ({ due_date: d }), 'due_date'],
        ['put', `/projects/${f.project}`, (d) => ({ start_date: d }), 'start_date'],
        ['put', `/projects/${f.project}`, (d) => ({ due_date: d }), 'due_date'],
        ['put', `/campaigns/${f.campaign}`, (d) => ({ start_date: d }), 'start_date'],
        ['put', `/campaigns/${f.campaign}`, (d) => ({ end_date: d }), 'end_date'],
      ];
      for (const [method, path, body, field] of writes) {
        for (const bad of ['0000-01-01', '0000-02-29']) {
          const res = await (env().request as any)[method](`/api/v1${path}`).set(f.team.auth).send(body(bad));
          expect(res.status, `${path} ${field} ${bad}`).to.equal(400);
          expect(res.body.error.details.field, `${path} ${field}`).to.equal(field);
        }
        for (const edge of ['0001-01-01', '0099-12-31', '9999-12-31']) {
          const res = await (env().request as any)[method](`/api/v1${path}`).set(f.team.auth).send(body(edge));
          expect(res.status, `${path} ${field} ${edge}: ${JSON.stringify(res.body)}`).to.equal(200);
          expect(res.body.data[field], `${path} ${field} ${edge}`).to.equal(edge);
        }
      }
      for (const name of ['from', 'to']) {
        const bad = await env()
          .request.get('/api/v1/deals')
          .query({ [name]: '0000-01-01' })
          .set(f.team.auth);
        expect(bad.status, name).to.equal(400);
        expect(bad.body.error.details.field).to.equal(name);
        for (const edge of ['0001-01-01', '9999-12-31']) {
          expect(
            (
              await env()
                .request.get('/api/v1/deals')
                .query({ [name]: edge })
                .set(f.team.auth)
            ).status,
            `${name} ${edge}`,
          ).to.equal(200);
        }
      }
    });
  },
  backendNames(),
);
