import { expect } from 'chai';
import { Config } from '../../../bootstrap/config';
import { Runtime } from '../../../bootstrap/container';
import { TOKENS } from '../../../bootstrap/tokens';
import { backendNames, startRuntime, testConfig } from '../../support/backends';
import { HttpEnv, TestTeam, forEachHttpBackend, httpEnvOf } from '../../support/http';

const API = '/api/v1/event-subscriptions';
/** A public address written literally: judged without a DNS query. */
const PUBLIC_URL = 'https://93.184.216.34/hooks/workspace';
const SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;
const UNKNOWN_ID = '01900000-0000-7000-8000-00000000dead';

const secretBytes = (secret: string): number => Buffer.from(SECRET.exec(secret)![1], 'base64').length;

const create = (env: HttpEnv, team: TestTeam, body: object) => env.request.post(API).set(team.auth).send(body);

forEachHttpBackend(
  'Event subscriptions over HTTP',
  (env) => {
    let team: TestTeam;
    beforeEach(async () => {
      team = await env().team();
    });

    it('creates one with its secret (whsec_ and 32 bytes in base64) shown once, never by GET, the list or PUT', async () => {
      const res = await create(env(), team, { url: PUBLIC_URL, events: ['deal.*', 'client.created', 'deal.*'], description: 'CRM' });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const created = res.body.data;
      expect(res.headers.location).to.equal(`${API}/${created.id}`);
      expect(created).to.include({
        url: PUBLIC_URL,
        description: 'CRM',
        is_active: true,
        status: 'active',
        disabled_reason: null,
        disabled_at: null,
      });
      expect(created.events).to.deep.equal(['deal.*', 'client.created']);
      expect(created.secret).to.match(SECRET);
      expect(secretBytes(created.secret)).to.equal(32);

      const got = (await env().request.get(`${API}/${created.id}`).set(team.auth).expect(200)).body.data;
      expect(got).not.to.have.property('secret');
      const { secret: _secret, ...withoutSecret } = created;
      expect(got).to.deep.equal(withoutSecret);
      const list = (await env().request.get(API).set(team.auth).expect(200)).body;
      expect(list.pagination).to.include({ page: 1, total: 1 });
      expect(list.data).to.deep.equal([withoutSecret]);
      const put = (await env().request.put(`${API}/${created.id}`).set(team.auth).send({ description: null }).expect(200)).body.data;
      expect(put).not.to.have.property('secret');
      expect(JSON.stringify([got, list, put])).not.to.include(created.secret.slice(6));
    });

    it('refuses an unknown event type with 400 naming it and listing the known ones', async () => {
      const res = await create(env(), team, { url: PUBLIC_URL, events: ['deal.won', 'deal.exploded'] });
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      expect(res.body.error.details.field).to.equal('events');
      expect(res.body.error.message).to.include('deal.exploded').and.include('whatsapp.message.*');
      const put = await create(env(), team, { url: PUBLIC_URL, events: ['*'] });
      const changed = await env()
        .request.put(`${API}/${put.body.data.id}`)
        .set(team.auth)
        .send({ events: ['task.*', 'tasks.*'] });
      expect(changed.status).to.equal(400);
      expect(changed.body.error.message).to.include('tasks.*');
    });

    it('refuses an empty list of events, and malformed bodies, with 400 naming the field', async () => {
      const cases: [object, string][] = [
        [{ url: PUBLIC_URL, events: [] }, 'events'],
        [{ url: PUBLIC_URL }, 'events'],
        [{ events: ['*'] }, 'url'],
        [{ url: PUBLIC_URL, events: 'deal.won' }, 'events'],
        [{ url: PUBLIC_URL, events: [7] }, 'events'],
        [{ url: 42, events: ['*'] }, 'url'],
        [{ url: PUBLIC_URL, events: ['*'], is_active: 'yes' }, 'is_active'],
        [{ url: PUBLIC_URL, events: ['*'], description: 'x'.repeat(10_001) }, 'description'],
        [{ url: `https://93.184.216.34/${'a'.repeat(2048)}`, events: ['*'] }, 'url'],
        [{ url: 'not a url', events: ['*'] }, 'url'],
      ];
      for (const [body, field] of cases) {
        const res = await create(env(), team, body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).to.equal(400);
        expect(res.body.error.details.field, JSON.stringify(res.body)).to.equal(field);
      }
      const notJson = await env().request.post(API).set(team.auth).set('Content-Type', 'application/json').send('{"url":');
      expect(notJson.status).to.equal(400);
      const { id } = (await create(env(), team, { url: PUBLIC_URL, events: ['*'] })).body.data;
      const none = await env().request.put(`${API}/${id}`).set(team.auth).send({ secret: 'whsec_mine' });
      expect(none.status).to.equal(400);
      expect(none.body.error.message).to.equal('Send at least one of: url, events, description, is_active');
    });

    it('refuses loopback, private, metadata and http URLs where private networks are not allowed', async () => {
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'https://127.0.0.1/hook',
        'https://localhost/hook',
        'https://169.254.169.254/',
        'https://10.0.0.8/x',
      ]) {
        const res = await create(env(), team, { url, events: ['*'] });
        expect(res.status, url).to.equal(400);
        expect(res.body.error.details.field, url).to.equal('url');
      }
      const { id } = (await create(env(), team, { url: PUBLIC_URL, events: ['*'] })).body.data;
      const moved = await env().request.put(`${API}/${id}`).set(team.auth).send({ url: 'https://localhost/hook' });
      expect(moved.status).to.equal(400);
      expect(moved.body.error.details.field).to.equal('url');
    });

    it('refuses the 21st subscription of a team with 403 PLAN_LIMIT_REACHED, and takes one again after a deletion', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 20; i++)
        ids.push((await create(env(), team, { url: `${PUBLIC_URL}/${i}`, events: ['*'] }).expect(201)).body.data.id);
      const over = await create(env(), team, { url: PUBLIC_URL, events: ['*'] });
      expect(over.status).to.equal(403);
      expect(over.body.error.code).to.equal('PLAN_LIMIT_REACHED');
      expect((await create(env(), await env().team(), { url: PUBLIC_URL, events: ['*'] })).status).to.equal(201);
      await env().request.delete(`${API}/${ids[0]}`).set(team.auth).expect(200);
      expect((await create(env(), team, { url: PUBLIC_URL, events: ['*'] })).status).to.equal(201);
    });

    it("answers 404 for another team's subscription on GET, PUT, DELETE and rotate, and changes nothing", async () => {
      const theirs = (await create(env(), await env().team(), { url: PUBLIC_URL, events: ['*'] })).body.data;
      for (const id of [theirs.id, UNKNOWN_ID]) {
        expect((await env().request.get(`${API}/${id}`).set(team.auth)).status).to.equal(404);
        expect((await env().request.put(`${API}/${id}`).set(team.auth).send({ is_active: false })).status).to.equal(404);
        expect(
          (
            await env()
              .request.put(`${API}/${id}`)
              .set(team.auth)
              .send({ url: `${PUBLIC_URL}/x` })
          ).status,
        ).to.equal(404);
        expect((await env().request.post(`${API}/${id}/rotate-secret`).set(team.auth)).status).to.equal(404);
        expect((await env().request.delete(`${API}/${id}`).set(team.auth)).status).to.equal(404);
      }
      expect((await env().request.get(`${API}/not-a-uuid`).set(team.auth)).status).to.equal(404);
      expect((await env().request.get(API).set(team.auth).expect(200)).body.pagination.total).to.equal(0);
    });

    it('rotates the secret: a new one, answered once, different from the former', async () => {
      const created = (await create(env(), team, { url: PUBLIC_URL, events: ['*'] })).body.data;
      const rotated = (await env().request.post(`${API}/${created.id}/rotate-secret`).set(team.auth).expect(200)).body.data;
      expect(rotated.secret).to.match(SECRET);
      expect(secretBytes(rotated.secret)).to.equal(32);
      expect(rotated.secret).not.to.equal(created.secret);
      expect(rotated).to.include({ id: created.id, status: 'active' });
      const got = (await env().request.get(`${API}/${created.id}`).set(team.auth).expect(200)).body.data;
      expect(got).not.to.have.property('secret');
    });

    it('turns off with is_active false (status inactive) and on again, and changes the fields sent', async () => {
      const { id } = (await create(env(), team, { url: PUBLIC_URL, events: ['*'] })).body.data;
      const off = (await env().request.put(`${API}/${id}`).set(team.auth).send({ is_active: false }).expect(200)).body.data;
      expect(off).to.include({ is_active: false, status: 'inactive' });
      const on = (
        await env()
          .request.put(`${API}/${id}`)
          .set(team.auth)
          .send({ is_active: true, events: ['whatsapp.message.*'], url: `${PUBLIC_URL}/v2`, description: 'v2' })
          .expect(200)
      ).body.data;
      expect(on).to.include({ is_active: true, status: 'active', url: `${PUBLIC_URL}/v2`, description: 'v2' });
      expect(on.events).to.deep.equal(['whatsapp.message.*']);
    });

    it('deletes for good, answering the id and deleted: true', async () => {
      const { id } = (await create(env(), team, { url: PUBLIC_URL, events: ['*'] })).body.data;
      const res = await env().request.delete(`${API}/${id}`).set(team.auth).expect(200);
      expect(res.body.data).to.deep.equal({ id, deleted: true });
      expect((await env().request.get(`${API}/${id}`).set(team.auth)).status).to.equal(404);
    });
  },
  backendNames(),
);

describe('Event subscriptions where private networks are allowed', () => {
  let runtime: (Runtime & { dispose(): Promise<void> }) | undefined;
  let env: HttpEnv;
  before(async function () {
    this.timeout(60000);
    const config = testConfig('memory');
    runtime = await startRuntime('memory', { events: { ...config.events, allowPrivateNetworks: true } });
    env = httpEnvOf(runtime);
  });
  after(async () => runtime?.dispose());

  it('takes a local http URL, and still refuses metadata addresses and this API itself', async () => {
    const team = await env.team();
    const local = await create(env, team, { url: 'http://127.0.0.1:9999/hook', events: ['deal.won'] });
    expect(local.status, JSON.stringify(local.body)).to.equal(201);
    expect(local.body.data.url).to.equal('http://127.0.0.1:9999/hook');
    const metadata = await create(env, team, { url: 'http://169.254.169.254/latest', events: ['*'] });
    expect(metadata.status).to.equal(400);
    expect(metadata.body.error.details.field).to.equal('url');
    const port = runtime!.container.get<Config>(TOKENS.Config).port;
    const self = await create(env, team, { url: `http://127.0.0.1:${port}/api/v1/clients`, events: ['*'] });
    expect(self.status).to.equal(400);
    expect(self.body.error.message).to.include('this API');
  });
});

describe('Event subscriptions without SECRETS_KEY', () => {
  let runtime: (Runtime & { dispose(): Promise<void> }) | undefined;
  let env: HttpEnv;
  before(async function () {
    this.timeout(60000);
    runtime = await startRuntime('memory', { secretsKey: undefined });
    env = httpEnvOf(runtime);
  });
  after(async () => runtime?.dispose());

  it('refuses a subscription with 422 naming SECRETS_KEY', async () => {
    const res = await create(env, await env.team(), { url: PUBLIC_URL, events: ['*'] });
    expect(res.status).to.equal(422);
    expect(res.body.error.message).to.include('SECRETS_KEY');
  });
});
