import { expect } from 'chai';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { DealRepository } from '../../../domain/deals/deal-repository';
import { PipelineRepository } from '../../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../../domain/projects/project-repository';
import { forEachHttpBackend } from '../../support/http';
import { referencedRows } from '../../support/referenced-rows';
import { dealApi } from './deal-api';
import { DealRecordMother } from '../../contract/deals/deal-mother';

const UNKNOWN = '0190d000-0000-7000-8000-000000000404';
const PERSON = '0190d000-0000-7000-8000-00000000beef';
const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Every field of the one deal shape (spec 2.1), both scopes. */
const SHAPE = [
  'id',
  'scope',
  'project_id',
  'pipeline_id',
  'title',
  'description',
  'value',
  'currency',
  'phase',
  'priority',
  'status',
  'probability',
  'expected_close_date',
  'source',
  'loss_reason',
  'tags',
  'is_starred',
  'client_id',
  'client',
  'responsible_id',
  'ai_summary',
  'ai_win_probability',
  'created_at',
  'updated_at',
  'lead_id',
  'attribution',
  'metadata',
  'custom_fields',
  'lead',
  'contacts',
];

forEachHttpBackend('Deals API (global scope)', (env) => {
  const setup = async () => {
    const t = await env().team();
    return {
      t,
      api: dealApi(env, t),
      events: (id: string) => env().runtime.container.get<EventOutbox>(EVENT_TOKENS.EventOutbox).listBySubject(t, id),
    };
  };

  describe('POST /deals', () => {
    it('creates a global deal with every default and the full shape', async () => {
      const { api } = await setup();
      const res = await api.create({ title: 'Site novo' });
      expect(res.status).to.equal(201);
      expect(res.body.success).to.equal(true);
      const d = res.body.data;
      expect(d).to.include({
        scope: 'global',
        title: 'Site novo',
        phase: 'lead',
        priority: 'media',
        status: 'ativo',
        currency: 'BRL',
        value: null,
        description: null,
        probability: null,
        expected_close_date: null,
        source: null,
        loss_reason: null,
        is_starred: false,
        client_id: null,
        client: null,
        lead: null,
        responsible_id: null,
        project_id: null,
        pipeline_id: null,
        lead_id: null,
        attribution: null,
        metadata: null,
        custom_fields: null,
        contacts: null,
        ai_summary: null,
        ai_win_probability: null,
      });
      expect(d.tags).to.deep.equal([]);
      expect(Object.keys(d)).to.include.members(SHAPE);
      expect(Object.keys(d)).to.not.include.members(['team_id', 'teamId']);
      expect(d.created_at).to.match(/Z$/);
    });

    it('turns a value of 0 into null and keeps the fields sent', async () => {
      const { api } = await setup();
      const client = await api.client('Acme');
      expect((await api.create({ title: 'Zero', value: 0 })).body.data.value).to.equal(null);
      const res = await api.create({
        title: 'Full',
        description: 'd',
        value: 99.9,
        phase: 'proposta',
        priority: 'alta',
        expected_close_date: '2026-12-31',
        probability: 40,
        responsible_id: PERSON,
        source: 'site',
        client_id: client,
        tags: ['x'],
        unknown_field: 1,
      });
      expect(res.status).to.equal(201);
      expect(res.body.data).to.deep.include({
        description: 'd',
        value: 99.9,
        phase: 'proposta',
        priority: 'alta',
        expected_close_date: '2026-12-31',
        probability: 40,
        responsible_id: PERSON,
        source: 'site',
        client_id: client,
        tags: ['x'],
        client: { id: client, name: 'Acme' },
        lead: { id: client, name: 'Acme' },
      });
      expect(res.body.data).to.not.have.property('unknown_field');
    });

    it('answers 400 VALIDATION_ERROR naming the field', async () => {
      const { api } = await setup();
      const cases: [object, string][] = [
        [{}, 'title'],
        [{ title: '' }, 'title'],
        [{ title: 3 }, 'title'],
        [{ title: 'x', priority: 'urgente' }, 'priority'],
        [{ title: 'x', probability: 101 }, 'probability'],
        [{ title: 'x', probability: -1 }, 'probability'],
        [{ title: 'x', expected_close_date: '31/12/2026' }, 'expected_close_date'],
        [{ title: 'x', value: 'cem' }, 'value'],
        [{ title: 'x', client_id: 'abc' }, 'client_id'],
        [{ title: 'x', tags: 'a' }, 'tags'],
        [{ title: 'x', responsible_id: 'joao' }, 'responsible_id'],
      ];
      for (const [body, field] of cases) {
        const res = await api.create(body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        expect(res.body.error.details.field, JSON.stringify(body)).to.equal(field);
      }
    });

    it('answers 400 for a body that is not JSON', async () => {
      const { t } = await setup();
      const res = await env().request.post('/api/v1/deals').set(t.auth).set('Content-Type', 'application/json').send('{bad');
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
    });

    it('answers 404 NOT_FOUND for a client of another team or unknown', async () => {
      const a = await setup();
      const b = await setup();
      const foreign = await b.api.client('Other team');
      for (const id of [foreign, UNKNOWN]) {
        const res = await a.api.create({ title: 'x', client_id: id });
        expect(res.status).to.equal(404);
        expect(res.body.error).to.nested.include({ code: 'NOT_FOUND', 'details.field': 'client_id' });
      }
      expect((await a.api.list()).body.pagination.total).to.equal(0);
    });

    it('answers 401 without a key', async () => {
      const res = await env().request.post('/api/v1/deals').send({ title: 'x' });
      expect(res.status).to.equal(401);
      expect(res.body.error.code).to.equal('UNAUTHORIZED');
    });
  });

  describe('Idempotency-Key', () => {
    it('answers 201 first, then 200 with the same deal and no second record, nor event', async () => {
      const { api, events } = await setup();
      const first = await api.create({ title: 'Once', tags: ['a'] }, 'order-1');
      const again = await api.create({ tags: ['a'], title: 'Once' }, 'order-1');
      expect(first.status).to.equal(201);
      expect(again.status).to.equal(200);
      expect(again.body.data).to.deep.equal(first.body.data);
      expect((await api.list()).body.pagination.total).to.equal(1);
      expect((await events(first.body.data.id)).map((e) => e.type)).to.deep.equal(['deal.created']);
    });

    it('answers 409 CONFLICT for the same key with another payload', async () => {
      const { api } = await setup();
      await api.create({ title: 'Once' }, 'order-2');
      const res = await api.create({ title: 'Different' }, 'order-2');
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('CONFLICT');
      expect((await api.list()).body.pagination.total).to.equal(1);
    });

    it('answers 400 invalid_idempotency_key above 512 characters, and accepts 512', async () => {
      const { api } = await setup();
      const res = await api.create({ title: 'x' }, 'k'.repeat(513));
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('invalid_idempotency_key');
      expect((await api.create({ title: 'x' }, 'k'.repeat(512))).status).to.equal(201);
      expect((await api.list()).body.pagination.total).to.equal(1);
    });

    it('keeps keys per team', async () => {
      const a = await setup();
      const b = await setup();
      const ra = await a.api.create({ title: 'Same' }, 'shared');
      const rb = await b.api.create({ title: 'Same' }, 'shared');
      expect(rb.status).to.equal(201);
      expect(rb.body.data.id).to.not.equal(ra.body.data.id);
    });

    it('is ignored by other routes', async () => {
      const { api, t } = await setup();
      const d = (await api.create({ title: 'x' })).body.data;
      const res = await env().request.put(`/api/v1/deals/${d.id}`).set(t.auth).set('Idempotency-Key', 'k'.repeat(600)).send({ title: 'y' });
      expect(res.status).to.equal(200);
    });
  });

  describe('GET /deals/:id', () => {
    it('returns the same object as the list', async () => {
      const { api } = await setup();
      const created = (await api.create({ title: 'One', client_id: await api.client('C') })).body.data;
      const got = await api.get(created.id);
      expect(got.status).to.equal(200);
      expect(got.body.data).to.deep.equal(created);
      expect((await api.list()).body.data[0]).to.deep.equal(created);
    });

    it("answers 404 for an unknown, malformed or other team's id", async () => {
      const a = await setup();
      const b = await setup();
      const d = (await b.api.create({ title: 'theirs' })).body.data;
      for (const id of [d.id, UNKNOWN, 'not-a-uuid']) {
        const res = await a.api.get(id);
        expect(res.status, id).to.equal(404);
        expect(res.body.error.code).to.equal('NOT_FOUND');
      }
    });
  });

  describe('PUT /deals/:id', () => {
    it('changes only the fields sent and answers 200 with the full deal', async () => {
      const { api } = await setup();
      const d = (await api.create({ title: 'Old', description: 'keep', value: 10 })).body.data;
      const res = await api.put(d.id, { title: 'New', is_starred: true, loss_reason: 'preço', value: 0, team_id: UNKNOWN });
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({ id: d.id, title: 'New', is_starred: true, loss_reason: 'preço', value: 0, description: 'keep' });
      expect(Object.keys(res.body.data)).to.include.members(SHAPE);
      expect((await api.get(d.id)).body.data).to.deep.equal(res.body.data);
    });

    it('accepts every updatable field', async () => {
      const { api } = await setup();
      const client = await api.client('New client');
      const d = (await api.create({ title: 'x' })).body.data;
      const body = {
        title: 't',
        description: 'd',
        value: 5,
        phase: 'negociacao',
        priority: 'baixa',
        status: 'ativo',
        probability: 100,
        expected_close_date: '2027-01-01',
        responsible_id: PERSON,
        source: 's',
        client_id: client,
        tags: ['q'],
        is_starred: true,
        loss_reason: 'r',
      };
      const res = await api.put(d.id, body);
      expect(res.status).to.equal(200);
      expect(res.body.data).to.deep.include({ ...body, client: { id: client, name: 'New client' } });
      const cleared = await api.put(d.id, { client_id: null, description: null, expected_close_date: null });
      expect(cleared.body.data).to.include({ client_id: null, client: null, lead: null, description: null, expected_close_date: null });
    });

    it('answers 400 VALIDATION_ERROR for a body without an accepted field', async () => {
      const { api } = await setup();
      const d = (await api.create({ title: 'x' })).body.data;
      for (const body of [{}, { team_id: UNKNOWN }, { foo: 1 }]) {
        const res = await api.put(d.id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      }
    });

    it('answers 400 naming a field of the wrong value', async () => {
      const { api } = await setup();
      const d = (await api.create({ title: 'x' })).body.data;
      const cases: [object, string][] = [
        [{ priority: 'x' }, 'priority'],
        [{ probability: 200 }, 'probability'],
        [{ is_starred: 'yes' }, 'is_starred'],
        [{ title: '' }, 'title'],
        [{ expected_close_date: '2026-13-01' }, 'expected_close_date'],
        [{ client_id: 'abc' }, 'client_id'],
      ];
      for (const [body, field] of cases) {
        const res = await api.put(d.id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.details.field).to.equal(field);
      }
    });

    it('answers 404 for an unknown deal or client', async () => {
      const { api } = await setup();
      expect((await api.put(UNKNOWN, { title: 'x' })).status).to.equal(404);
      const d = (await api.create({ title: 'x' })).body.data;
      const res = await api.put(d.id, { client_id: UNKNOWN });
      expect(res.status).to.equal(404);
      expect(res.body.error.details).to.deep.include({ field: 'client_id' });
    });

    it('changes the phase, raising deal.updated and deal.stage_changed with the deal as it answers and its previous phase', async () => {
      const { api, events } = await setup();
      const d = (await api.create({ title: 'x' })).body.data;
      const res = await api.put(d.id, { phase: 'proposta' });
      expect(res.body.data.phase).to.equal('proposta');
      expect(res.body.data.updated_at >= d.updated_at).to.equal(true);
      const written = await events(d.id);
      expect(written.map((e) => e.type)).to.deep.equal(['deal.created', 'deal.updated', 'deal.stage_changed']);
      expect(written[0].data).to.deep.equal({ object: d });
      for (const e of written.slice(1)) expect(e.data).to.deep.equal({ object: res.body.data, previous: { phase: 'lead' } });
    });
  });

  describe('DELETE /deals/:id', () => {
    it('archives the deal and keeps the record, raising deal.archived once', async () => {
      const { api, events } = await setup();
      const d = (await api.create({ title: 'Keep me' })).body.data;
      const res = await api.del(d.id);
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body.data).sort()).to.deep.equal(['archived_at', 'id', 'status']);
      expect(res.body.data).to.include({ id: d.id, status: 'arquivado' });
      expect(res.body.data.archived_at).to.match(/Z$/);
      const got = (await api.get(d.id)).body.data;
      expect(got).to.include({ title: 'Keep me', status: 'arquivado' });
      expect((await api.list('?status=arquivado')).body.data.map((x: { id: string }) => x.id)).to.deep.equal([d.id]);
      expect((await api.del(d.id)).body.data).to.deep.equal(res.body.data);
      const written = await events(d.id);
      expect(written.map((e) => e.type)).to.deep.equal(['deal.created', 'deal.archived']);
      expect(written[1].data).to.deep.equal({ object: got, previous: { status: 'ativo', archived_at: null } });
    });

    it("answers 404 for an unknown or other team's deal", async () => {
      const a = await setup();
      const b = await setup();
      const theirs = (await b.api.create({ title: 'x' })).body.data;
      expect((await a.api.del(theirs.id)).status).to.equal(404);
      expect((await a.api.del(UNKNOWN)).status).to.equal(404);
      expect((await b.api.get(theirs.id)).body.data.status).to.equal('ativo');
    });
  });

  describe('GET /deals', () => {
    it('paginates with an exact total and the default newest first', async () => {
      const { api } = await setup();
      for (const title of ['a', 'b', 'c']) await api.create({ title });
      const res = await api.list('?limit=2');
      expect(res.status).to.equal(200);
      expect(res.body.pagination).to.deep.equal({ page: 1, limit: 2, total: 3, pages: 2 });
      expect(res.body.data.map((d: { title: string }) => d.title)).to.deep.equal(['c', 'b']);
      expect((await api.list('?limit=2&page=2')).body.data.map((d: { title: string }) => d.title)).to.deep.equal(['a']);
    });

    it('answers an empty list with pages 0', async () => {
      const { api } = await setup();
      expect((await api.list()).body.pagination).to.deep.equal({ page: 1, limit: 20, total: 0, pages: 0 });
    });

    it('filters by status, phase, client_id (and its alias lead_id), responsible_id and source', async () => {
      const { api } = await setup();
      const client = await api.client('Acme');
      const a = (await api.create({ title: 'a', phase: 'proposta', client_id: client, responsible_id: PERSON, source: 'site' })).body.data;
      await api.create({ title: 'b', source: 'indicacao' });
      const archived = (await api.create({ title: 'c' })).body.data;
      await api.del(archived.id);
      const titles = async (q: string) => (await api.list(q)).body.data.map((d: { title: string }) => d.title);
      expect(await titles('?status=ativo')).to.deep.equal(['b', 'a']);
      expect(await titles('?status=arquivado')).to.deep.equal(['c']);
      expect(await titles('?phase=proposta')).to.deep.equal(['a']);
      expect(await titles(`?client_id=${client}`)).to.deep.equal(['a']);
      expect(await titles(`?lead_id=${client}`)).to.deep.equal(['a']);
      expect(await titles(`?responsible_id=${PERSON}`)).to.deep.equal(['a']);
      expect(await titles('?source=indicacao')).to.deep.equal(['b']);
      void a;
    });

    it('filters by min_value and max_value, inclusive', async () => {
      const { api } = await setup();
      for (const [title, value] of [
        ['none', 0],
        ['ten', 10],
        ['fifty', 50],
        ['hundred', 100],
      ] as const)
        await api.create({ title, value });
      const titles = async (q: string) => (await api.list(`${q}&sort=value`)).body.data.map((d: { title: string }) => d.title);
      expect(await titles('?min_value=50')).to.deep.equal(['fifty', 'hundred']);
      expect(await titles('?max_value=50')).to.deep.equal(['ten', 'fifty']);
      expect(await titles('?min_value=10.0&max_value=50')).to.deep.equal(['ten', 'fifty']);
    });

    it('filters by creation day with from and to', async () => {
      const { api } = await setup();
      await api.create({ title: 'today' });
      const titles = async (q: string) => (await api.list(q)).body.data.map((d: { title: string }) => d.title);
      expect(await titles(`?from=${dayOffset(-1)}`)).to.deep.equal(['today']);
      expect(await titles(`?from=${dayOffset(1)}`)).to.deep.equal([]);
      expect(await titles(`?to=${dayOffset(1)}`)).to.deep.equal(['today']);
      expect(await titles(`?to=${dayOffset(-1)}`)).to.deep.equal([]);
      expect(await titles(`?from=${today()}&to=${today()}`)).to.deep.equal(['today']);
    });

    it('searches title and description', async () => {
      const { api } = await setup();
      await api.create({ title: 'Website redesign' });
      await api.create({ title: 'Other', description: 'a new WEBSITE' });
      await api.create({ title: 'Unrelated' });
      const res = await api.list('?search=website&sort=title');
      expect(res.body.data.map((d: { title: string }) => d.title)).to.deep.equal(['Other', 'Website redesign']);
    });

    it('sorts by title, value, phase, created_at, updated_at and expected_close_date in both directions', async () => {
      const { api } = await setup();
      const b = (await api.create({ title: 'b', value: 5, phase: 'proposta', expected_close_date: '2026-05-01' })).body.data;
      await api.create({ title: 'A', phase: 'lead' });
      await api.create({ title: 'c', value: 1, phase: 'ganho', expected_close_date: '2026-04-01' });
      await api.put(b.id, { description: 'touched last' });
      const by = async (sort: string) => (await api.list(`?sort=${sort}`)).body.data.map((d: { title: string }) => d.title);
      expect(await by('title')).to.deep.equal(['A', 'b', 'c']);
      expect(await by('-title')).to.deep.equal(['c', 'b', 'A']);
      expect(await by('value')).to.deep.equal(['c', 'b', 'A']);
      expect(await by('-value')).to.deep.equal(['b', 'c', 'A']);
      expect(await by('phase')).to.deep.equal(['c', 'A', 'b']);
      expect(await by('-phase')).to.deep.equal(['b', 'A', 'c']);
      expect(await by('created_at')).to.deep.equal(['b', 'A', 'c']);
      expect(await by('-created_at')).to.deep.equal(['c', 'A', 'b']);
      expect(await by('-updated_at')).to.deep.equal(['b', 'c', 'A']);
      expect(await by('expected_close_date')).to.deep.equal(['c', 'b', 'A']);
      expect(await by('-expected_close_date')).to.deep.equal(['b', 'c', 'A']);
    });

    it('answers 400 for an unknown sort, a bad limit, page, number, date or uuid', async () => {
      const { api } = await setup();
      const cases: [string, string][] = [
        ['?sort=priority', 'sort'],
        ['?sort=-name', 'sort'],
        ['?limit=0', 'limit'],
        ['?limit=101', 'limit'],
        ['?page=0', 'page'],
        ['?min_value=abc', 'min_value'],
        ['?max_value=x', 'max_value'],
        ['?from=2026-02-30', 'from'],
        ['?to=01/01/2026', 'to'],
        ['?client_id=abc', 'client_id'],
        ['?lead_id=abc', 'lead_id'],
        ['?project_id=abc', 'project_id'],
        ['?pipeline_id=abc', 'pipeline_id'],
        ['?responsible_id=abc', 'responsible_id'],
      ];
      for (const [q, field] of cases) {
        const res = await api.list(q);
        expect(res.status, q).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        expect(res.body.error.details.field, q).to.equal(field);
      }
    });

    it('answers 404 naming the field for an unknown client, project or pipeline', async () => {
      const { api } = await setup();
      for (const field of ['client_id', 'lead_id', 'project_id', 'pipeline_id']) {
        const res = await api.list(`?${field}=${UNKNOWN}`);
        expect(res.status, field).to.equal(404);
        expect(res.body.error).to.nested.include({ code: 'NOT_FOUND', 'details.field': field });
      }
    });

    it("never lists another team's deals", async () => {
      const a = await setup();
      const b = await setup();
      await b.api.create({ title: 'theirs' });
      expect((await a.api.list()).body.pagination.total).to.equal(0);
    });
  });

  describe('scope routing', () => {
    const projectsOf = () => ({
      projects: env().runtime.container.get<ProjectRepository>(Symbol.for('ProjectRepository')),
      pipelines: env().runtime.container.get<PipelineRepository>(Symbol.for('PipelineRepository')),
      deals: referencedRows(env().runtime).deals(env().runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository)),
    });

    it('treats the legacy global pipeline as the global scope', async () => {
      const { api, t } = await setup();
      const global = await projectsOf().pipelines.findGlobal({ teamId: t.teamId });
      expect(global, 'team setup creates the legacy global pipeline').to.not.equal(null);
      const d = (await api.create({ title: 'legacy' })).body.data;
      const res = await api.list(`?pipeline_id=${global!.id}`);
      expect(res.status).to.equal(200);
      expect(res.body.data.map((x: { id: string }) => x.id)).to.deep.equal([d.id]);
      expect((await api.get(d.id, `?pipeline_id=${global!.id}`)).status).to.equal(200);
    });

    it('keeps legacy routes away from project deals, and shows them in their project scope', async () => {
      const { api, t } = await setup();
      const team = { teamId: t.teamId };
      const { projects, pipelines, deals } = projectsOf();
      const internal = await projects.findInternal(team);
      const pipeline = await pipelines.findDefaultForProject(team, internal!.id);
      const pd = DealRecordMother.project({ teamId: t.teamId, projectId: internal!.id, pipelineId: pipeline!.id, title: 'project deal' });
      await deals.insert(pd);
      await api.create({ title: 'legacy' });

      expect((await api.list()).body.data.map((x: { title: string }) => x.title)).to.deep.equal(['legacy']);
      expect((await api.get(pd.id)).status).to.equal(404);
      expect((await api.put(pd.id, { title: 'hijack' })).status).to.equal(404);
      expect((await api.del(pd.id)).status).to.equal(404);

      const byProject = await api.list(`?project_id=${internal!.id}`);
      expect(byProject.body.data.map((x: { id: string }) => x.id)).to.deep.equal([pd.id]);
      expect(byProject.body.data[0]).to.include({ scope: 'project', project_id: internal!.id, client: null });
      const byPipeline = await api.list(`?pipeline_id=${pipeline!.id}`);
      expect(byPipeline.body.data.map((x: { id: string }) => x.id)).to.deep.equal([pd.id]);
      expect((await api.get(pd.id, `?project_id=${internal!.id}`)).body.data.title).to.equal('project deal');
      expect((await api.get(pd.id, `?pipeline_id=${pipeline!.id}`)).status).to.equal(200);
      expect((await deals.findById(team, pd.id))?.deal.title).to.equal('project deal');
    });

    it('answers 404 for a project or pipeline of another team', async () => {
      const a = await setup();
      const b = await setup();
      const { projects, pipelines } = projectsOf();
      const theirs = await projects.findInternal({ teamId: b.t.teamId });
      const theirPipeline = await pipelines.findGlobal({ teamId: b.t.teamId });
      expect((await a.api.list(`?project_id=${theirs!.id}`)).status).to.equal(404);
      expect((await a.api.list(`?pipeline_id=${theirPipeline!.id}`)).status).to.equal(404);
    });
  });
});
