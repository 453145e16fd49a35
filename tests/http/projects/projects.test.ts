import { expect } from 'chai';
import { CreateSquad } from '../../../application/projects/create-squad';
import { ArchiveProject } from '../../../application/projects/archive-project';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend, TestTeam } from '../../support/http';

const UNKNOWN = '0190b000-0000-7000-8000-ffffffffffff';

forEachHttpBackend(
  'Projects API',
  (env) => {
    const post = (t: TestTeam, body: object) => env().request.post('/api/v1/projects').set(t.auth).send(body);
    const list = (t: TestTeam, query = '') => env().request.get(`/api/v1/projects${query}`).set(t.auth);

    it('creates a project in the initial backlog stage with defaults and the full shape', async () => {
      const t = await env().team();
      const res = await post(t, { name: 'Site Novo' });
      expect(res.status).to.equal(201);
      const p = res.body.data;
      expect(p).to.include({
        name: 'Site Novo',
        slug: 'site-novo',
        status: 'backlog',
        priority: 'medium',
        description: null,
        color: null,
        briefing: null,
        squad_id: null,
        squad: null,
        client_id: null,
        client: null,
        start_date: null,
        due_date: null,
        completed_at: null,
        created_by: null,
        is_internal: false,
        archived_at: null,
      });
      expect(p.stage).to.include({ id: p.stage_id, slug: 'backlog', position: 1, is_initial: true, is_done: false, is_archived: false });
      expect(Object.keys(p.stage).sort()).to.deep.equal([
        'color',
        'id',
        'is_archived',
        'is_done',
        'is_initial',
        'name',
        'position',
        'slug',
      ]);
      expect(p.created_at).to.match(/Z$/);
      expect(p).to.not.have.any.keys('team_id', 'teamId', 'stageId');
    });

    it('generates slugs without accents and with -2, -3 on collision; a slug sent that collides is 422', async () => {
      const t = await env().team();
      expect((await post(t, { name: 'São Paulo' })).body.data.slug).to.equal('sao-paulo');
      expect((await post(t, { name: 'Sao Paulo' })).body.data.slug).to.equal('sao-paulo-2');
      expect((await post(t, { name: 'SÃO PAULO!' })).body.data.slug).to.equal('sao-paulo-3');
      expect((await post(t, { name: 'Outro', slug: 'meu-slug' })).body.data.slug).to.equal('meu-slug');
      expect((await post(t, { name: 'São Paulo', slug: null })).body.data.slug).to.equal('sao-paulo-4');
      expect((await post(t, { name: 'Outro', slug: 'Meu Slug 2' })).body.data.slug).to.equal('meu-slug-2');
      const dup = await post(t, { name: 'Outro', slug: 'sao-paulo' });
      expect(dup.status).to.equal(422);
      expect(dup.body.error.code).to.equal('DUPLICATE_ENTRY');
      const other = await env().team();
      expect((await post(other, { name: 'x', slug: 'sao-paulo' })).status).to.equal(201);
    });

    it('gives projects created at the same time with the same name distinct slugs', async () => {
      const t = await env().team();
      const all = await Promise.all([1, 2, 3, 4].map(() => post(t, { name: 'Corrida' })));
      expect(all.map((r) => r.status)).to.deep.equal([201, 201, 201, 201]);
      expect(all.map((r) => r.body.data.slug).sort()).to.deep.equal(['corrida', 'corrida-2', 'corrida-3', 'corrida-4']);
    });

    it('takes stage_id over status, resolves status to the first stage of its category, and 404s an unknown stage', async () => {
      const t = await env().team();
      const completed = (await post(t, { name: 'c', status: 'completed' })).body.data;
      expect(completed.status).to.equal('completed');
      expect(completed.stage).to.include({ slug: 'completed', is_done: true });
      const both = (await post(t, { name: 'b', status: 'paused', stage_id: completed.stage_id })).body.data;
      expect(both.status).to.equal('completed');
      expect(both.stage_id).to.equal(completed.stage_id);
      const unknown = await post(t, { name: 'u', stage_id: UNKNOWN });
      expect(unknown.status).to.equal(404);
      expect(unknown.body.error).to.nested.include({ code: 'NOT_FOUND', 'details.field': 'stage_id' });
      const otherTeam = await post(await env().team(), { name: 'u', stage_id: completed.stage_id });
      expect(otherTeam.status).to.equal(404);
    });

    it('answers 400 with details.field for a bad body', async () => {
      const t = await env().team();
      const cases: [object, string][] = [
        [{}, 'name'],
        [{ name: '' }, 'name'],
        [{ name: 'x', status: 'archived' }, 'status'],
        [{ name: 'x', priority: 'huge' }, 'priority'],
        [{ name: 'x', due_date: '31/12/2026' }, 'due_date'],
        [{ name: 'x', stage_id: 'nope' }, 'stage_id'],
        [{ name: 'x', client_id: 'nope' }, 'client_id'],
        [{ name: 'x', description: 5 }, 'description'],
      ];
      for (const [body, field] of cases) {
        const res = await post(t, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        expect(res.body.error.details.field, JSON.stringify(body)).to.equal(field);
      }
    });

    it('links a squad and a client of the team and 404s unknown ones', async () => {
      const t = await env().team();
      const squad = await env().runtime.container.get(CreateSquad).execute({ teamId: t.teamId }, { name: 'Squad A' });
      const client = (await env().request.post('/api/v1/clients').set(t.auth).send({ name: 'Acme', type: 'PJ' })).body.data;
      const p = (await post(t, { name: 'x', squad_id: squad.id, client_id: client.id })).body.data;
      expect(p.squad).to.deep.equal({ id: squad.id, name: 'Squad A' });
      expect(p.client).to.deep.equal({ id: client.id, name: 'Acme' });
      const got = (await env().request.get(`/api/v1/projects/${p.id}`).set(t.auth)).body.data;
      expect(got.squad).to.deep.equal({ id: squad.id, name: 'Squad A' });
      for (const field of ['squad_id', 'client_id']) {
        const res = await post(t, { name: 'x', [field]: UNKNOWN });
        expect(res.status).to.equal(404);
        expect(res.body.error.details.field).to.equal(field);
      }
    });

    it("reads a project, 404 for unknown, malformed or another team's id", async () => {
      const t = await env().team();
      const p = (await post(t, { name: 'x' })).body.data;
      const res = await env().request.get(`/api/v1/projects/${p.id}`).set(t.auth);
      expect(res.status).to.equal(200);
      expect(res.body.data).to.deep.equal(p);
      for (const id of [UNKNOWN, 'not-a-uuid']) {
        expect((await env().request.get(`/api/v1/projects/${id}`).set(t.auth)).status).to.equal(404);
      }
      expect(
        (
          await env()
            .request.get(`/api/v1/projects/${p.id}`)
            .set((await env().team()).auth)
        ).status,
      ).to.equal(404);
    });

    it('updates only the fields sent, moves stages by stage_id or status, and refuses an empty update', async () => {
      const t = await env().team();
      const p = (await post(t, { name: 'x', description: 'keep', color: '#fff' })).body.data;
      const put = (body: object) => env().request.put(`/api/v1/projects/${p.id}`).set(t.auth).send(body);
      const r1 = await put({ status: 'active', color: null, completed_at: '2026-05-01T10:00:00-03:00', due_date: '2026-06-30' });
      expect(r1.status).to.equal(200);
      expect(r1.body.data).to.include({
        status: 'active',
        color: null,
        description: 'keep',
        completed_at: '2026-05-01T13:00:00.000Z',
        due_date: '2026-06-30',
      });
      const cancelled = (await post(t, { name: 'y', status: 'cancelled' })).body.data.stage_id;
      const r2 = await put({ stage_id: cancelled, status: 'paused', priority: 'urgent' });
      expect(r2.body.data).to.include({ status: 'cancelled', stage_id: cancelled, priority: 'urgent' });
      const empty = await put({ team_id: UNKNOWN });
      expect(empty.status).to.equal(400);
      expect(empty.body.error.code).to.equal('VALIDATION_ERROR');
      expect((await put({ stage_id: UNKNOWN })).status).to.equal(404);
      const dup = await put({ slug: 'y' });
      expect(dup.status).to.equal(422);
      expect(dup.body.error.code).to.equal('DUPLICATE_ENTRY');
      expect((await put({ slug: 'x' })).body.data.slug).to.equal('x');
      expect((await env().request.put(`/api/v1/projects/${UNKNOWN}`).set(t.auth).send({ name: 'z' })).status).to.equal(404);
    });

    it('locks an archived project: PUT is 409 PROJECT_ARCHIVED, GET still reads it, the list leaves it out', async () => {
      const t = await env().team();
      const p = (await post(t, { name: 'old' })).body.data;
      const archived = await env().runtime.container.get(ArchiveProject).execute({ id: p.id });
      expect(archived.archivedAt).to.match(/Z$/);
      const put = await env().request.put(`/api/v1/projects/${p.id}`).set(t.auth).send({ name: 'new' });
      expect(put.status).to.equal(409);
      expect(put.body.error.code).to.equal('PROJECT_ARCHIVED');
      const got = await env().request.get(`/api/v1/projects/${p.id}`).set(t.auth);
      expect(got.body.data).to.include({ name: 'old', archived_at: archived.archivedAt });
      const ids = (await list(t)).body.data.map((x: { id: string }) => x.id);
      expect(ids).to.not.include(p.id);
    });

    it('answers DELETE with 405 METHOD_NOT_ALLOWED, whatever the id', async () => {
      const t = await env().team();
      const p = (await post(t, { name: 'x' })).body.data;
      for (const id of [p.id, UNKNOWN, 'nope']) {
        const res = await env().request.delete(`/api/v1/projects/${id}`).set(t.auth);
        expect(res.status).to.equal(405);
        expect(res.body).to.deep.include({ success: false });
        expect(res.body.error.code).to.equal('METHOD_NOT_ALLOWED');
      }
      expect((await env().request.get(`/api/v1/projects/${p.id}`).set(t.auth)).status).to.equal(200);
    });

    it("lists the team's projects, the internal one included, newest first with pagination", async () => {
      const t = await env().team();
      await post(t, { name: 'a' });
      await post(t, { name: 'b' });
      const res = await list(t, '?limit=2');
      expect(res.status).to.equal(200);
      expect(res.body.pagination).to.deep.equal({ page: 1, limit: 2, total: 3, pages: 2 });
      expect(res.body.data.map((p: { name: string }) => p.name)).to.deep.equal(['b', 'a']);
      const last = await list(t, '?limit=2&page=2');
      expect(last.body.data[0]).to.include({ is_internal: true });
      const other = await list(await env().team());
      expect(other.body.data.map((p: { is_internal: boolean }) => p.is_internal)).to.deep.equal([true]);
    });

    it('filters by status through the stages, priority, squad, client and search', async () => {
      const t = await env().team();
      const squad = await env().runtime.container.get(CreateSquad).execute({ teamId: t.teamId }, { name: 'S' });
      const client = (await env().request.post('/api/v1/clients').set(t.auth).send({ name: 'C', type: 'PF' })).body.data;
      await post(t, { name: 'Alpha', status: 'paused', priority: 'high', squad_id: squad.id });
      await post(t, { name: 'Beta', description: 'alpha inside', client_id: client.id });
      await post(t, { name: 'Gamma', status: 'paused', priority: 'low', client_id: client.id });
      const names = async (q: string) => (await list(t, q)).body.data.map((p: { name: string }) => p.name).sort();
      expect(await names('?status=paused')).to.deep.equal(['Alpha', 'Gamma']);
      expect(await names('?status=completed')).to.deep.equal([]);
      expect(await names('?priority=high')).to.deep.equal(['Alpha']);
      expect(await names(`?squad_id=${squad.id}`)).to.deep.equal(['Alpha']);
      expect(await names(`?client_id=${client.id}&status=paused`)).to.deep.equal(['Gamma']);
      expect(await names('?search=ALPHA')).to.deep.equal(['Alpha', 'Beta']);
    });

    it('sorts by the allowed fields, priority by rank, and refuses others', async () => {
      const t = await env().team();
      await post(t, { name: 'm', priority: 'medium', start_date: '2026-03-01' });
      await post(t, { name: 'u', priority: 'urgent' });
      await post(t, { name: 'l', priority: 'low', start_date: '2026-01-01' });
      const names = async (sort: string) =>
        (await list(t, `?sort=${sort}&search=`)).body.data
          .filter((p: { is_internal: boolean }) => !p.is_internal)
          .map((p: { name: string }) => p.name);
      expect(await names('priority')).to.deep.equal(['l', 'm', 'u']);
      expect(await names('-priority')).to.deep.equal(['u', 'm', 'l']);
      expect(await names('name')).to.deep.equal(['l', 'm', 'u']);
      expect(await names('start_date')).to.deep.equal(['l', 'm', 'u']);
      expect(await names('created_at')).to.deep.equal(['m', 'u', 'l']);
      expect(await names('-updated_at')).to.deep.equal(['l', 'u', 'm']);
      const t2 = await env().team();
      await post(t2, { name: 'done', status: 'completed', due_date: '2026-02-01' });
      await post(t2, { name: 'todo', status: 'backlog' });
      await post(t2, { name: 'doing', status: 'paused', due_date: '2026-01-01' });
      const names2 = async (sort: string) =>
        (await list(t2, `?sort=${sort}`)).body.data
          .filter((p: { is_internal: boolean }) => !p.is_internal)
          .map((p: { name: string }) => p.name);
      expect(await names2('stage_id')).to.deep.equal(['todo', 'doing', 'done']);
      expect(await names2('-stage_id')).to.deep.equal(['done', 'doing', 'todo']);
      expect(await names2('due_date')).to.deep.equal(['doing', 'done', 'todo']);
      expect(await names2('-due_date')).to.deep.equal(['done', 'doing', 'todo']);
      const bad = await list(t, '?sort=slug');
      expect(bad.status).to.equal(400);
      expect(bad.body.error.details.field).to.equal('sort');
    });

    it('refuses bad list queries with 400', async () => {
      const t = await env().team();
      for (const [q, field] of [
        ['?status=archived', 'status'],
        ['?priority=x', 'priority'],
        ['?squad_id=x', 'squad_id'],
        ['?limit=101', 'limit'],
        ['?page=0', 'page'],
      ]) {
        const res = await list(t, q);
        expect(res.status, q).to.equal(400);
        expect(res.body.error.details.field).to.equal(field);
      }
      const unknown = await list(t, `?client_id=${UNKNOWN}`);
      expect(unknown.status).to.equal(404);
    });

    it('needs the API key', async () => {
      expect((await env().request.get('/api/v1/projects')).status).to.equal(401);
    });

    it('answers a created project with Location at its own path', async () => {
      const t = await env().team();
      const res = await post(t, { name: 'Campanha Verão' });
      expect(res.status).to.equal(201);
      expect(res.headers.location).to.equal(`/api/v1/projects/${res.body.data.id}`);
      const read = await env().request.get(res.headers.location).set(t.auth);
      expect(read.status).to.equal(200);
      expect(read.body.data.id).to.equal(res.body.data.id);
    });

    it('names the methods a project does allow in the Allow of the 405', async () => {
      const t = await env().team();
      const p = (await post(t, { name: 'x' })).body.data;
      for (const id of [p.id, UNKNOWN, 'nope']) {
        const res = await env().request.delete(`/api/v1/projects/${id}`).set(t.auth);
        expect(res.status).to.equal(405);
        expect(res.headers.allow).to.equal('GET, HEAD, PUT');
      }
    });

    it('documents DELETE /projects/{id} as an operation that answers 405, never its success', async () => {
      const doc = (await env().request.get('/api/v1/openapi.json')).body;
      const del = doc.paths['/projects/{id}'].delete;
      expect(del.operationId).to.equal('deleteProject');
      expect(Object.keys(del.responses)).to.include.members(['405']);
      expect(del.responses['200'].content['application/json'].schema.properties.data).to.deep.include({ not: {} });
    });
  },
  backendNames(),
);
