import { expect } from 'chai';
import { ACTIVITY_TYPES } from '../../../domain/activities/activity';
import { backendNames } from '../../support/backends';
import { TestTeam, forEachHttpBackend } from '../../support/http';
import { fixtures } from '../tasks/workspace-fixtures';

const UNKNOWN = '0190a0b0-0000-7000-8000-0000000000ff';
const USER = '0190a0b0-0000-7000-8000-0000000000a1';

forEachHttpBackend(
  'Activities API',
  (env) => {
    const fx = fixtures(env);
    const post = (team: TestTeam, body: object) => env().request.post('/api/v1/activities').set(team.auth).send(body);
    const put = (team: TestTeam, id: string, body: object) => env().request.put(`/api/v1/activities/${id}`).set(team.auth).send(body);
    const get = (team: TestTeam, id: string) => env().request.get(`/api/v1/activities/${id}`).set(team.auth);
    const list = (team: TestTeam, query = '') => env().request.get(`/api/v1/activities${query}`).set(team.auth);
    const titles = async (team: TestTeam, query: string) => (await list(team, query)).body.data.map((a: { title: string }) => a.title);

    it('creates an activity with the defaults and the trimmed title', async () => {
      const team = await env().team();
      const before = Date.now();
      const res = await post(team, { title: '  Call Ana  ' });
      expect(res.status).to.equal(201);
      const a = res.body.data;
      expect(a).to.include({
        title: 'Call Ana',
        type: 'task',
        description: null,
        duration_minutes: null,
        is_completed: false,
        due_date: null,
        priority: null,
        client_id: null,
        deal_id: null,
        contract_id: null,
        assigned_to: null,
        created_by: null,
      });
      expect(a.tags).to.deep.equal([]);
      expect(a.occurred_at).to.equal(a.created_at);
      expect(Date.parse(a.occurred_at)).to.be.at.least(before - 1000);
      expect(a.updated_at).to.match(/Z$/);
      expect(Object.keys(a).sort()).to.deep.equal([
        'assigned_to',
        'client_id',
        'contract_id',
        'created_at',
        'created_by',
        'deal_id',
        'description',
        'due_date',
        'duration_minutes',
        'id',
        'is_completed',
        'occurred_at',
        'priority',
        'tags',
        'title',
        'type',
        'updated_at',
      ]);
    });

    it('keeps every field sent and turns a zero duration into null on POST', async () => {
      const team = await env().team();
      const body = {
        title: 'Meeting',
        type: 'meeting',
        description: 'Agenda',
        occurred_at: '2026-01-05T09:30:00-03:00',
        duration_minutes: 30,
        is_completed: true,
        due_date: '2026-01-06',
        priority: 'high',
        tags: ['vip'],
        contract_id: UNKNOWN,
        assigned_to: USER,
        created_by: USER,
      };
      const a = (await post(team, body)).body.data;
      expect(a).to.include({
        type: 'meeting',
        description: 'Agenda',
        occurred_at: '2026-01-05T12:30:00.000Z',
        duration_minutes: 30,
        is_completed: true,
        due_date: '2026-01-06',
        priority: 'high',
        contract_id: UNKNOWN,
        assigned_to: USER,
        created_by: USER,
      });
      expect(a.tags).to.deep.equal(['vip']);
      expect((await post(team, { title: 'Zero', duration_minutes: 0 })).body.data.duration_minutes).to.equal(null);
    });

    it('accepts the eleven types and refuses any other', async () => {
      const team = await env().team();
      for (const type of ACTIVITY_TYPES) expect((await post(team, { title: 't', type })).body.data.type).to.equal(type);
      const res = await post(team, { title: 't', type: 'visit' });
      expect(res.status).to.equal(400);
      expect(res.body.error.details.field).to.equal('type');
    });

    it('answers 400 with details.field for a missing or blank title and wrong types', async () => {
      const team = await env().team();
      const cases: [object, string][] = [
        [{}, 'title'],
        [{ title: '  ' }, 'title'],
        [{ title: 't', priority: 'urgent' }, 'priority'],
        [{ title: 't', occurred_at: 'yesterday' }, 'occurred_at'],
        [{ title: 't', client_id: 'abc' }, 'client_id'],
        [{ title: 't', is_completed: 'yes' }, 'is_completed'],
        [{ title: 't', due_date: '05/01/2026' }, 'due_date'],
        [{ title: 't', duration_minutes: '10' }, 'duration_minutes'],
        [{ title: 't', tags: 'x' }, 'tags'],
      ];
      for (const [body, field] of cases) {
        const res = await post(team, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        expect(res.body.error.details.field, JSON.stringify(body)).to.equal(field);
      }
    });

    it("links the team's client and deal, and answers 404 naming the field for another team's or an unknown one", async () => {
      const team = await env().team();
      const client = await fx.client(team);
      const deal = await fx.deal(team);
      const linked = await post(team, { title: 'Linked', client_id: client, deal_id: deal });
      expect(linked.status).to.equal(201);
      expect(linked.body.data).to.include({ client_id: client, deal_id: deal });
      const other = await env().team();
      for (const [body, field] of [
        [{ client_id: client }, 'client_id'],
        [{ deal_id: deal }, 'deal_id'],
        [{ deal_id: UNKNOWN }, 'deal_id'],
      ] as const) {
        const res = await post(other, { title: 'x', ...body });
        expect(res.status, JSON.stringify(body)).to.equal(404);
        expect(res.body.error).to.include({ code: 'NOT_FOUND' });
        expect(res.body.error.details.field).to.equal(field);
      }
      const res = await put(team, linked.body.data.id, { client_id: UNKNOWN });
      expect(res.status).to.equal(404);
      expect(res.body.error.details.field).to.equal('client_id');
    });

    it("reads an activity; unknown, malformed or another team's id is 404", async () => {
      const team = await env().team();
      const id = (await post(team, { title: 'A' })).body.data.id;
      expect((await get(team, id)).body.data.title).to.equal('A');
      const other = await env().team();
      for (const [t, path] of [
        [other, id],
        [team, UNKNOWN],
        [team, '123'],
      ] as const) {
        const r = await get(t, path);
        expect(r.status).to.equal(404);
        expect(r.body.error.code).to.equal('NOT_FOUND');
      }
    });

    it('updates the fields sent, keeps a zero duration, and never changes created_by', async () => {
      const team = await env().team();
      const id = (await post(team, { title: 'A', created_by: USER, duration_minutes: 20, priority: 'low' })).body.data.id;
      const res = await put(team, id, {
        title: ' B ',
        duration_minutes: 0,
        created_by: UNKNOWN,
        priority: null,
        is_completed: true,
        type: 'note',
        description: 'd',
      });
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({
        title: 'B',
        duration_minutes: 0,
        created_by: USER,
        priority: null,
        is_completed: true,
        type: 'note',
        description: 'd',
      });
      const reopened = await put(team, id, { is_completed: false });
      expect(reopened.body.data.is_completed).to.equal(false);
    });

    it('answers 400 for an update without an updatable field (created_by alone counts for nothing)', async () => {
      const team = await env().team();
      const id = (await post(team, { title: 'A' })).body.data.id;
      for (const body of [{}, { created_by: USER }]) {
        const res = await put(team, id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      }
      expect((await put(team, UNKNOWN, { title: 'x' })).status).to.equal(404);
    });

    it('DELETE marks the activity completed and returns completed_at equal to updated_at', async () => {
      const team = await env().team();
      const id = (await post(team, { title: 'A' })).body.data.id;
      const res = await env().request.delete(`/api/v1/activities/${id}`).set(team.auth);
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body.data).sort()).to.deep.equal(['completed_at', 'id', 'is_completed']);
      expect(res.body.data).to.include({ id, is_completed: true });
      const after = (await get(team, id)).body.data;
      expect(after.is_completed).to.equal(true);
      expect(res.body.data.completed_at).to.equal(after.updated_at);
      expect((await env().request.delete(`/api/v1/activities/${UNKNOWN}`).set(team.auth)).status).to.equal(404);
    });

    it('answers 201 with Location pointing at the activity created', async () => {
      const team = await env().team();
      const res = await post(team, { title: 'Ligação para Conceição' });
      expect(res.status).to.equal(201);
      expect(res.headers.location).to.equal(`/api/v1/activities/${res.body.data.id}`);
      expect((await env().request.get(res.headers.location).set(team.auth)).body.data.title).to.equal('Ligação para Conceição');
    });

    it('is documented: DELETE completes, and the document names its answers', async () => {
      const doc = (await env().request.get('/api/v1/openapi.json')).body;
      const del = doc.paths['/activities/{id}'].delete;
      expect(del.operationId).to.equal('completeActivity');
      expect(del.description).to.match(/is_completed/);
      expect(Object.keys(del.responses)).to.include.members(['200', '404']);
      expect(doc.components.schemas.ActivityCompletion.required).to.deep.equal(['id', 'is_completed', 'completed_at']);
      const listed = doc.paths['/activities'].get.parameters.map((p: { name: string }) => p.name);
      expect(listed).to.include.members(['page', 'limit', 'sort', 'search', 'type', 'completed', 'client_id', 'deal_id']);
    });

    describe('list', () => {
      it('filters by type (an unlisted one filters nothing) and by completed (other values filter nothing)', async () => {
        const team = await env().team();
        await post(team, { title: 'call', type: 'call' });
        await post(team, { title: 'mail', type: 'email', is_completed: true });
        expect(await titles(team, '?type=call')).to.deep.equal(['call']);
        expect((await titles(team, '?type=visit')).sort()).to.deep.equal(['call', 'mail']);
        expect(await titles(team, '?completed=true')).to.deep.equal(['mail']);
        expect(await titles(team, '?completed=false')).to.deep.equal(['call']);
        expect((await titles(team, '?completed=yes')).sort()).to.deep.equal(['call', 'mail']);
      });

      it('filters by client and deal, and searches title and description', async () => {
        const team = await env().team();
        const client = await fx.client(team);
        const deal = await fx.deal(team);
        await post(team, { title: 'with client', client_id: client });
        await post(team, { title: 'with deal', deal_id: deal, description: 'Proposal SENT' });
        await post(team, { title: 'proposal draft' });
        expect(await titles(team, `?client_id=${client}`)).to.deep.equal(['with client']);
        expect(await titles(team, `?deal_id=${deal}`)).to.deep.equal(['with deal']);
        expect((await titles(team, '?search=proposal')).sort()).to.deep.equal(['proposal draft', 'with deal']);
        expect((await list(team, '?client_id=abc')).status).to.equal(400);
        expect((await list(team, `?deal_id=${UNKNOWN}`)).status).to.equal(404);
      });

      it('sorts on listed fields, priority by rank, and falls back to created_at keeping the direction', async () => {
        const team = await env().team();
        await post(team, { title: 'b', priority: 'high' });
        await post(team, { title: 'c', priority: 'low' });
        await post(team, { title: 'a', priority: 'medium' });
        expect(await titles(team, '?sort=title')).to.deep.equal(['a', 'b', 'c']);
        expect(await titles(team, '?sort=priority')).to.deep.equal(['c', 'a', 'b']);
        expect(await titles(team, '?sort=-priority')).to.deep.equal(['b', 'a', 'c']);
        expect(await titles(team, '?sort=x')).to.deep.equal(['b', 'c', 'a']);
        expect(await titles(team, '?sort=-x')).to.deep.equal(['a', 'c', 'b']);
        expect(await titles(team, '')).to.deep.equal(['a', 'c', 'b']);
        const page = await list(team, '?limit=2&page=2');
        expect(page.body.pagination).to.deep.equal({ page: 2, limit: 2, total: 3, pages: 2 });
      });
    });
  },
  backendNames(),
);
