import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { TestTeam, forEachHttpBackend } from '../../support/http';
import { fixtures } from '../tasks/workspace-fixtures';

const UNKNOWN = '0190a0b0-0000-7000-8000-0000000000ff';

forEachHttpBackend(
  'Campaigns API',
  (env) => {
    const fx = fixtures(env);
    const post = (team: TestTeam, body: object) => env().request.post('/api/v1/campaigns').set(team.auth).send(body);
    const put = (team: TestTeam, id: string, body: object) => env().request.put(`/api/v1/campaigns/${id}`).set(team.auth).send(body);
    const get = (team: TestTeam, id: string) => env().request.get(`/api/v1/campaigns/${id}`).set(team.auth);
    const list = (team: TestTeam, query = '') => env().request.get(`/api/v1/campaigns${query}`).set(team.auth);

    async function setup() {
      const team = await env().team();
      const project = await fx.project(team, 'Site launch');
      return { team, project };
    }

    it('creates a campaign with the defaults, the trimmed name and its project', async () => {
      const { team, project } = await setup();
      const res = await post(team, { name: '  Black Friday  ', project_id: project.id });
      expect(res.status).to.equal(201);
      const c = res.body.data;
      expect(c).to.include({
        name: 'Black Friday',
        description: null,
        status: 'draft',
        approval_status: 'pending',
        start_date: null,
        end_date: null,
        project_id: project.id,
        created_by: null,
      });
      expect(c.content_pillars).to.deep.equal([]);
      expect(c.target_platforms).to.deep.equal([]);
      expect(c.goals).to.deep.equal({});
      expect(c.project).to.deep.equal({ id: project.id, name: 'Site launch' });
      expect(c.created_at).to.match(/Z$/);
      expect(Object.keys(c)).to.not.include.members(['team_id', 'teamId']);
    });

    it('turns goals false, 0, empty string and null into {} on POST and keeps other JSON as sent', async () => {
      const { team, project } = await setup();
      for (const goals of [false, 0, '', null]) {
        const res = await post(team, { name: 'G', project_id: project.id, goals });
        expect(res.status).to.equal(201);
        expect(res.body.data.goals, JSON.stringify(goals)).to.deep.equal({});
      }
      for (const goals of [{ leads: 100 }, ['reach'], 7, 'grow', true]) {
        const res = await post(team, { name: 'G', project_id: project.id, goals });
        expect(res.body.data.goals, JSON.stringify(goals)).to.deep.equal(goals);
      }
    });

    it('requires name and project_id, and checks the types', async () => {
      const { team, project } = await setup();
      const cases: [object, string][] = [
        [{ project_id: project.id }, 'name'],
        [{ name: 'X' }, 'project_id'],
        [{ name: 'X', project_id: 'abc' }, 'project_id'],
        [{ name: '   ', project_id: project.id }, 'name'],
        [{ name: 'X', project_id: project.id, start_date: '2026-02-30' }, 'start_date'],
        [{ name: 'X', project_id: project.id, content_pillars: 'a' }, 'content_pillars'],
        [{ name: 'X', project_id: project.id, status: 'bogus' }, 'status'],
      ];
      for (const [body, field] of cases) {
        const res = await post(team, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        expect(res.body.error.details.field).to.equal(field);
      }
    });

    it('answers 404 for a project that is unknown or of another team', async () => {
      const { project } = await setup();
      const other = await env().team();
      for (const projectId of [UNKNOWN, project.id]) {
        const res = await post(other, { name: 'X', project_id: projectId });
        expect(res.status).to.equal(404);
        expect(res.body.error).to.include({ code: 'NOT_FOUND' });
        expect(res.body.error.details.field).to.equal('project_id');
      }
    });

    it('refuses scheduled and cancelled with 500 INTERNAL_ERROR and creates nothing', async () => {
      const { team, project } = await setup();
      for (const status of ['scheduled', 'cancelled']) {
        const res = await post(team, { name: 'X', project_id: project.id, status });
        expect(res.status).to.equal(500);
        expect(res.body).to.deep.include({ success: false });
        expect(res.body.error.code).to.equal('INTERNAL_ERROR');
      }
      expect((await list(team)).body.pagination.total).to.equal(0);
    });

    it('accepts the four statuses', async () => {
      const { team, project } = await setup();
      for (const status of ['draft', 'active', 'paused', 'completed']) {
        expect((await post(team, { name: status, project_id: project.id, status })).body.data.status).to.equal(status);
      }
    });

    it("reads a campaign with its project; unknown, malformed or another team's id is 404", async () => {
      const { team, project } = await setup();
      const id = (await post(team, { name: 'A', project_id: project.id })).body.data.id;
      const res = await get(team, id);
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({ id, name: 'A' });
      expect(res.body.data.project).to.deep.equal({ id: project.id, name: 'Site launch' });
      const other = await env().team();
      for (const [t, path] of [
        [other, id],
        [team, UNKNOWN],
        [team, 'nope'],
      ] as const) {
        const r = await get(t, path);
        expect(r.status).to.equal(404);
        expect(r.body.error.code).to.equal('NOT_FOUND');
      }
    });

    it('updates only the fields sent, keeps goals as sent, and ignores approval_status', async () => {
      const { team, project } = await setup();
      const id = (await post(team, { name: 'A', project_id: project.id, description: 'first', goals: { x: 1 } })).body.data.id;
      const res = await put(team, id, {
        name: ' B ',
        goals: 0,
        end_date: '2026-05-01',
        approval_status: 'approved',
        content_pillars: ['edu'],
      });
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({ name: 'B', description: 'first', goals: 0, end_date: '2026-05-01', approval_status: 'pending' });
      expect(res.body.data.content_pillars).to.deep.equal(['edu']);
      expect(res.body.data.project).to.deep.equal({ id: project.id, name: 'Site launch' });
      const cleared = await put(team, id, { description: null, end_date: null });
      expect(cleared.body.data).to.include({ description: null, end_date: null });
    });

    it('answers 400 for an update without an updatable field', async () => {
      const { team, project } = await setup();
      const id = (await post(team, { name: 'A', project_id: project.id })).body.data.id;
      for (const body of [{}, { approval_status: 'approved' }, { project_id: UNKNOWN }]) {
        const res = await put(team, id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      }
      expect((await put(team, UNKNOWN, { name: 'x' })).status).to.equal(404);
    });

    it('refuses scheduled and cancelled on update with 500 and leaves the campaign unchanged', async () => {
      const { team, project } = await setup();
      const id = (await post(team, { name: 'A', project_id: project.id, status: 'active' })).body.data.id;
      for (const status of ['scheduled', 'cancelled']) {
        const res = await put(team, id, { name: 'Changed', status });
        expect(res.status).to.equal(500);
        expect(res.body.error.code).to.equal('INTERNAL_ERROR');
      }
      expect((await get(team, id)).body.data).to.include({ name: 'A', status: 'active' });
    });

    it('answers DELETE with 500 INTERNAL_ERROR for an existing campaign and deletes nothing; 404 for an unknown one', async () => {
      const { team, project } = await setup();
      const id = (await post(team, { name: 'A', project_id: project.id })).body.data.id;
      const res = await env().request.delete(`/api/v1/campaigns/${id}`).set(team.auth);
      expect(res.status).to.equal(500);
      expect(res.body.error.code).to.equal('INTERNAL_ERROR');
      expect((await get(team, id)).status).to.equal(200);
      expect((await list(team)).body.pagination.total).to.equal(1);
      const unknown = await env().request.delete(`/api/v1/campaigns/${UNKNOWN}`).set(team.auth);
      expect(unknown.status).to.equal(404);
      expect(unknown.body.error.code).to.equal('NOT_FOUND');
      const other = await env().team();
      expect((await env().request.delete(`/api/v1/campaigns/${id}`).set(other.auth)).status).to.equal(404);
    });

    it('answers 201 with Location pointing at the campaign created', async () => {
      const { team, project } = await setup();
      const res = await post(team, { name: 'Promoção de Inverno', project_id: project.id });
      expect(res.status).to.equal(201);
      expect(res.headers.location).to.equal(`/api/v1/campaigns/${res.body.data.id}`);
      expect((await env().request.get(res.headers.location).set(team.auth)).body.data.name).to.equal('Promoção de Inverno');
    });

    it('documents the 500 answers the spec keeps: DELETE on an existing campaign, and scheduled or cancelled on a write', async () => {
      const doc = (await env().request.get('/api/v1/openapi.json')).body;
      const del = doc.paths['/campaigns/{id}'].delete;
      expect(del.operationId).to.equal('deleteCampaign');
      expect(Object.keys(del.responses)).to.include.members(['404', '500']);
      expect(del.description).to.match(/500 `INTERNAL_ERROR`/);
      for (const op of [doc.paths['/campaigns'].post, doc.paths['/campaigns/{id}'].put]) {
        expect(Object.keys(op.responses)).to.include.members(['400', '404', '500']);
        expect(op.description).to.match(/`scheduled` or `cancelled`/);
      }
    });

    describe('list', () => {
      it('paginates newest first with the list envelope and project on each item', async () => {
        const { team, project } = await setup();
        for (const name of ['one', 'two', 'three']) await post(team, { name, project_id: project.id });
        const res = await list(team, '?limit=2');
        expect(res.status).to.equal(200);
        expect(res.body.success).to.equal(true);
        expect(res.body.pagination).to.deep.equal({ page: 1, limit: 2, total: 3, pages: 2 });
        expect(res.body.data.map((c: { name: string }) => c.name)).to.deep.equal(['three', 'two']);
        expect(res.body.data[0].project).to.deep.equal({ id: project.id, name: 'Site launch' });
      });

      it('filters by status, ignores status=archived, and filters by project and search', async () => {
        const { team, project } = await setup();
        const second = await fx.project(team, 'Second');
        await post(team, { name: 'Summer', project_id: project.id, status: 'active' });
        await post(team, { name: 'Winter', project_id: second.id, status: 'paused', description: 'summer leftovers' });
        await post(team, { name: 'Spring', project_id: project.id });
        const names = async (query: string) => (await list(team, query)).body.data.map((c: { name: string }) => c.name).sort();
        expect(await names('?status=paused')).to.deep.equal(['Winter']);
        expect(await names('?status=archived')).to.deep.equal(['Spring', 'Summer', 'Winter']);
        expect(await names(`?project_id=${second.id}`)).to.deep.equal(['Winter']);
        expect(await names('?search=SUMMER')).to.deep.equal(['Summer', 'Winter']);
        expect((await list(team, '?status=bogus')).status).to.equal(400);
        expect((await list(team, `?project_id=${UNKNOWN}`)).status).to.equal(404);
      });

      it('sorts on listed fields and falls back to created_at keeping the direction for an unlisted one', async () => {
        const { team, project } = await setup();
        for (const name of ['b', 'c', 'a']) await post(team, { name, project_id: project.id });
        const names = async (query: string) => (await list(team, query)).body.data.map((c: { name: string }) => c.name);
        expect(await names('?sort=name')).to.deep.equal(['a', 'b', 'c']);
        expect(await names('?sort=-name')).to.deep.equal(['c', 'b', 'a']);
        expect(await names('?sort=budget')).to.deep.equal(['b', 'c', 'a']);
        expect(await names('?sort=-budget')).to.deep.equal(['a', 'c', 'b']);
        expect(await names('')).to.deep.equal(['a', 'c', 'b']);
      });

      it('checks page and limit', async () => {
        const { team } = await setup();
        for (const query of ['?limit=0', '?limit=101', '?page=0']) {
          const res = await list(team, query);
          expect(res.status, query).to.equal(400);
          expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        }
      });
    });
  },
  backendNames(),
);
