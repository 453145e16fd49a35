// POST /projects/:id/deals and PUT /projects/:id/deals/:dealId: project deals made and changed through the API,
// and the 404 of the legacy routes that says where a project deal of the team is.
import { expect } from 'chai';
import { CreateWorkflow } from '../../../application/deals/create-workflow';
import { DispatchDealEvents } from '../../../application/deals/dispatch-deal-events';
import { ArchiveProject } from '../../../application/projects/archive-project';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend, HttpEnv, TestTeam } from '../../support/http';
import { eventsAbout } from '../events/event-log';

const UNKNOWN = '0190d000-0000-7000-8000-00000000beef';

interface Board {
  t: TestTeam;
  projectId: string;
  pipelineId: string;
}

const board = async (env: () => HttpEnv, t?: TestTeam, name = 'Funil Padaria'): Promise<Board> => {
  const team = t ?? (await env().team());
  const projectId = (await env().request.post('/api/v1/projects').set(team.auth).send({ name }).expect(201)).body.data.id as string;
  const pipelines = await env().request.get(`/api/v1/projects/${projectId}/pipelines`).set(team.auth).expect(200);
  return { t: team, projectId, pipelineId: pipelines.body.data[0].id as string };
};

const api = (env: () => HttpEnv, b: Board) => ({
  create: (body: object, key?: string, projectId = b.projectId) => {
    const r = env().request.post(`/api/v1/projects/${projectId}/deals`).set(b.t.auth);
    return (key === undefined ? r : r.set('Idempotency-Key', key)).send(body);
  },
  put: (dealId: string, body: object, projectId = b.projectId) =>
    env().request.put(`/api/v1/projects/${projectId}/deals/${dealId}`).set(b.t.auth).send(body),
  get: (dealId: string, query = `?project_id=${b.projectId}`) => env().request.get(`/api/v1/deals/${dealId}${query}`).set(b.t.auth),
  lead: async (body: object, projectId = b.projectId) =>
    (await env().request.post(`/api/v1/projects/${projectId}/leads`).set(b.t.auth).send(body).expect(201)).body.data.id as string,
  leads: async () => (await env().request.get(`/api/v1/projects/${b.projectId}/leads`).set(b.t.auth).expect(200)).body.data as object[],
  board: async () => (await env().request.get(`/api/v1/deals?project_id=${b.projectId}`).set(b.t.auth).expect(200)).body,
});

const JOAO = { full_name: 'João Araújo', email: 'joao@padariasaojoao.com.br', phone: '(11) 98765-4321' };

forEachHttpBackend(
  'Project deals written through the API',
  (env) => {
    describe('POST /projects/:id/deals', () => {
      it('puts a card on the board that is edited, moved to the won column, and runs the deal_created and deal_stage_changed workflows', async () => {
        const b = await board(env);
        const create = env().runtime.container.get(CreateWorkflow);
        await create.execute(
          { teamId: b.t.teamId },
          { event: 'deal_created', action: 'create_activity', config: { title: 'Ligar para o cliente', type: 'call' } },
        );
        await create.execute(
          { teamId: b.t.teamId },
          { event: 'deal_stage_changed', action: 'create_activity', config: { title: 'Negócio mudou de fase', type: 'note' } },
        );
        const d = api(env, b);

        const res = await d.create({
          title: 'Cardápio digital',
          lead: JOAO,
          value: 7200,
          currency: 'brl',
          priority: 'alta',
          custom_fields: { unidades: 2 },
        });
        expect(res.status, JSON.stringify(res.body)).to.equal(201);
        const deal = res.body.data;
        expect(res.headers.location).to.equal(`/api/v1/deals/${deal.id}?project_id=${b.projectId}`);
        expect(deal).to.include({
          scope: 'project',
          project_id: b.projectId,
          pipeline_id: b.pipelineId,
          phase: 'novo',
          title: 'Cardápio digital',
        });
        expect(deal).to.include({
          value: 7200,
          currency: 'BRL',
          priority: 'alta',
          contact_name: 'João Araújo',
          contact_phone: '+5511987654321',
        });
        expect(deal.custom_fields).to.deep.equal({ unidades: 2 });
        expect(deal.lead).to.include({ full_name: 'João Araújo', phone: '+5511987654321' });
        expect(deal.contacts.map((c: { is_primary: boolean }) => c.is_primary)).to.deep.equal([true]);
        expect((await d.get(deal.id)).body.data).to.deep.equal(deal);
        expect((await d.board()).data.map((x: { id: string }) => x.id)).to.deep.equal([deal.id]);

        const put = await d.put(deal.id, {
          title: 'Cardápio digital e site',
          value: 8400,
          is_starred: true,
          metadata: { origem: 'feira' },
        });
        expect(put.status, JSON.stringify(put.body)).to.equal(200);
        expect(put.body.data).to.include({ title: 'Cardápio digital e site', value: 8400, is_starred: true, phase: 'novo' });
        expect(put.body.data.metadata).to.deep.equal({ origem: 'feira' });
        expect(put.body.data.custom_fields).to.deep.equal({ unidades: 2 });
        const events = await eventsAbout(env(), b.t.teamId, deal.id);
        expect(events.map((e) => e.type)).to.deep.equal(['deal.created', 'deal.updated']);
        expect(events[0].data.object).to.deep.equal(deal);
        expect(events[1].data).to.deep.equal({
          object: put.body.data,
          previous: { title: 'Cardápio digital', value: 7200, is_starred: false, metadata: {} },
        });

        const won = await env()
          .request.post(`/api/v1/deals/${deal.id}/move`)
          .set(b.t.auth)
          .send({ project_id: b.projectId, phase: 'ganho', win_note: 'Contrato assinado: R$ 8.400,00' });
        expect(won.status).to.equal(200);
        expect(won.body.data).to.include({ phase: 'ganho', win_note: 'Contrato assinado: R$ 8.400,00', title: 'Cardápio digital e site' });
        expect(won.body.data.won_at).to.be.a('string');

        await env().runtime.container.get(DispatchDealEvents).execute();
        const activities = await env().request.get(`/api/v1/activities?deal_id=${deal.id}`).set(b.t.auth).expect(200);
        expect(activities.body.data.map((a: { title: string }) => a.title)).to.have.members([
          'Ligar para o cliente',
          'Negócio mudou de fase',
        ]);
      });

      it('finds the lead the inline contact names by its phone typed another way, and creates no second lead', async () => {
        const b = await board(env);
        const d = api(env, b);
        const existing = await d.lead({ full_name: 'João Araújo', phone: '+55 11 987654321' });
        const res = await d.create({ title: 'Site novo', lead: { full_name: 'Joao', phone: '(11) 98765-4321' } });
        expect(res.status).to.equal(201);
        expect(res.body.data.lead_id).to.equal(existing);
        expect(res.body.data.lead.full_name).to.equal('João Araújo');
        expect(await d.leads()).to.have.length(1);
      });

      it('takes a lead of the project by id, links contact_ids after it, and starts in the phase and pipeline named', async () => {
        const b = await board(env);
        const d = api(env, b);
        const main = await d.lead({ full_name: 'Maria da Conceição', email: 'maria@example.com' });
        const other = await d.lead({ full_name: 'Luís Gonçalves', phone: '(21) 99876-5432' });
        const res = await d.create({
          title: 'Identidade visual',
          lead_id: main,
          contact_ids: [other],
          pipeline_id: b.pipelineId,
          phase: 'proposta',
          value: 0,
        });
        expect(res.status, JSON.stringify(res.body)).to.equal(201);
        expect(res.body.data).to.include({ lead_id: main, phase: 'proposta', value: null });
        expect(res.body.data.contacts.map((c: { contact_id: string; is_primary: boolean }) => [c.contact_id, c.is_primary])).to.deep.equal([
          [main, true],
          [other, false],
        ]);
      });

      it('refuses who the deal is for given both ways or not at all, before the project is looked for', async () => {
        const b = await board(env);
        const d = api(env, b);
        const lead = await d.lead({ full_name: 'Ana Souza' });
        for (const projectId of [b.projectId, UNKNOWN]) {
          const both = await d.create({ title: 'x', lead_id: lead, lead: JOAO }, undefined, projectId);
          expect(both.status).to.equal(400);
          expect(both.body.error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': 'lead' });
          const neither = await d.create({ title: 'x' }, undefined, projectId);
          expect(neither.status).to.equal(400);
          expect(neither.body.error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': 'lead_id' });
          const badEmail = await d.create({ title: 'x', lead: { full_name: 'Ana', email: 'não é e-mail' } }, undefined, projectId);
          expect(badEmail.status).to.equal(400);
          expect(badEmail.body.error.details.field).to.equal('lead.email');
          const noTitle = await d.create({ lead: JOAO }, undefined, projectId);
          expect(noTitle.status).to.equal(400);
          expect(noTitle.body.error.details.field).to.equal('title');
        }
      });

      it('answers 404 naming the field for a lead, contact or pipeline the project does not have, and writes nothing', async () => {
        const b = await board(env);
        const d = api(env, b);
        const elsewhere = await board(env, b.t, 'Outro funil');
        const foreignLead = await d.lead({ full_name: 'Pedro Álvares' }, elsewhere.projectId);
        const otherTeam = await board(env);
        const theirLead = await api(env, otherTeam).lead({ full_name: 'Cecília Meireles' });
        for (const id of [UNKNOWN, foreignLead, theirLead]) {
          const res = await d.create({ title: 'x', lead_id: id });
          expect(res.status).to.equal(404);
          expect(res.body.error).to.nested.include({ code: 'NOT_FOUND', 'details.field': 'lead_id' });
          const extra = await d.create({ title: 'x', lead: JOAO, contact_ids: [id] });
          expect(extra.status).to.equal(404);
          expect(extra.body.error).to.nested.include({ code: 'NOT_FOUND', 'details.field': 'contact_ids' });
        }
        const pipeline = await d.create({ title: 'x', lead: JOAO, pipeline_id: elsewhere.pipelineId });
        expect(pipeline.status).to.equal(404);
        expect(pipeline.body.error).to.nested.include({ code: 'NOT_FOUND', 'details.field': 'pipeline_id' });
        // The refused creations with an inline lead left neither a deal nor the lead behind.
        expect((await d.board()).pagination.total).to.equal(0);
        expect(await d.leads()).to.have.length(0);
      });

      it('refuses a won or lost column, and a phase that is not a column, on phase', async () => {
        const b = await board(env);
        const d = api(env, b);
        for (const phase of ['ganho', 'perdido', 'nowhere']) {
          const res = await d.create({ title: 'x', lead: JOAO, phase });
          expect(res.status, phase).to.equal(400);
          expect(res.body.error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': 'phase' });
        }
        expect((await d.board()).pagination.total).to.equal(0);
      });

      it("answers 404 for another team's or an unknown project, and 409 PROJECT_ARCHIVED for an archived one", async () => {
        const b = await board(env);
        const other = await board(env);
        for (const projectId of [other.projectId, UNKNOWN]) {
          const res = await api(env, b).create({ title: 'x', lead: JOAO }, undefined, projectId);
          expect(res.status).to.equal(404);
          expect(res.body.error.code).to.equal('NOT_FOUND');
        }
        expect((await api(env, other).board()).pagination.total).to.equal(0);
        await env().runtime.container.get(ArchiveProject).execute({ id: b.projectId });
        const archived = await api(env, b).create({ title: 'x', lead: JOAO });
        expect(archived.status).to.equal(409);
        expect(archived.body.error.code).to.equal('PROJECT_ARCHIVED');
      });
    });

    describe('Idempotency-Key on POST /projects/:id/deals', () => {
      it('creates once, replays an identical request with 200, and refuses another payload with 409', async () => {
        const b = await board(env);
        const d = api(env, b);
        const body = { title: 'Cardápio digital', lead: JOAO, value: 7200 };
        const first = await d.create(body, 'pedido-123');
        expect(first.status).to.equal(201);
        const again = await d.create(
          { value: 7200, lead: { phone: JOAO.phone, email: JOAO.email, full_name: JOAO.full_name }, title: 'Cardápio digital' },
          'pedido-123',
        );
        expect(again.status).to.equal(200);
        expect(again.headers['idempotent-replayed']).to.equal('true');
        expect(again.body.data).to.deep.equal(first.body.data);
        const other = await d.create({ ...body, value: 9000 }, 'pedido-123');
        expect(other.status).to.equal(409);
        expect(other.body.error.code).to.equal('CONFLICT');
        expect((await d.board()).pagination.total).to.equal(1);
        const long = await d.create({ title: '' }, 'k'.repeat(513));
        expect(long.status).to.equal(400);
        expect(long.body.error.code).to.equal('invalid_idempotency_key');
      });

      it('creates one deal and one lead for concurrent requests with one key, and answers the others with it', async () => {
        const b = await board(env);
        const d = api(env, b);
        const results = await Promise.all(Array.from({ length: 8 }, () => d.create({ title: 'Corrida', lead: JOAO }, 'mesma-chave')));
        const statuses = results.map((r) => r.status).sort();
        expect(statuses, JSON.stringify(statuses)).to.deep.equal([200, 200, 200, 200, 200, 200, 200, 201]);
        expect(new Set(results.map((r) => r.body.data.id)).size).to.equal(1);
        expect((await d.board()).pagination.total).to.equal(1);
        expect(await d.leads()).to.have.length(1);
      });

      it("never answers another route's or another project's deal for a key used there", async () => {
        const b = await board(env);
        const d = api(env, b);
        const legacy = await env()
          .request.post('/api/v1/deals')
          .set(b.t.auth)
          .set('Idempotency-Key', 'chave-1')
          .send({ title: 'Cardápio digital' });
        expect(legacy.status).to.equal(201);
        const here = await d.create({ title: 'Cardápio digital', lead: JOAO }, 'chave-1');
        expect(here.status).to.equal(409);
        expect(here.body.error.code).to.equal('CONFLICT');

        expect((await d.create({ title: 'Site', lead: JOAO }, 'chave-2')).status).to.equal(201);
        const elsewhere = await board(env, b.t, 'Outro funil');
        expect((await d.create({ title: 'Site', lead: JOAO }, 'chave-2', elsewhere.projectId)).status).to.equal(409);
        const back = await env().request.post('/api/v1/deals').set(b.t.auth).set('Idempotency-Key', 'chave-2').send({ title: 'Site' });
        expect(back.status).to.equal(409);
        expect((await env().request.get('/api/v1/deals').set(b.t.auth)).body.pagination.total).to.equal(1);
      });
    });

    describe('PUT /projects/:id/deals/:dealId', () => {
      const setup = async () => {
        const b = await board(env);
        const d = api(env, b);
        const deal = (await d.create({ title: 'Cardápio digital', lead: JOAO }).expect(201)).body.data;
        return { b, d, deal };
      };

      it('asks for at least one field, and refuses phase and the other fields of a move, pointing to the move route', async () => {
        const { d, deal } = await setup();
        const empty = await d.put(deal.id, {});
        expect(empty.status).to.equal(400);
        expect(empty.body.error.code).to.equal('VALIDATION_ERROR');
        expect(empty.body.error.message).to.match(/^Send at least one of: title, /);
        for (const body of [{ phase: 'proposta' }, { title: 'x', phase: 'ganho' }, { win_note: 'ok' }]) {
          const res = await d.put(deal.id, body);
          expect(res.status).to.equal(400);
          expect(res.body.error.message).to.include(`POST /deals/{id}/move`);
          expect(res.body.error.details.field).to.equal(Object.keys(body).find((k) => k !== 'title'));
        }
        expect((await d.get(deal.id)).body.data).to.deep.equal(deal);
      });

      it('answers 404 for a deal of another project or team and for a legacy deal, and 409 on an archived project', async () => {
        const { b, d, deal } = await setup();
        const elsewhere = await board(env, b.t, 'Outro funil');
        expect((await d.put(deal.id, { title: 'x' }, elsewhere.projectId)).status).to.equal(404);
        const legacy = (await env().request.post('/api/v1/deals').set(b.t.auth).send({ title: 'Global' })).body.data;
        expect((await d.put(legacy.id, { title: 'x' })).status).to.equal(404);
        const other = await env().team();
        const theirs = await env().request.put(`/api/v1/projects/${b.projectId}/deals/${deal.id}`).set(other.auth).send({ title: 'x' });
        expect(theirs.status).to.equal(404);
        await env().runtime.container.get(ArchiveProject).execute({ id: b.projectId });
        const archived = await d.put(deal.id, { title: 'x' });
        expect(archived.status).to.equal(409);
        expect(archived.body.error.code).to.equal('PROJECT_ARCHIVED');
        expect((await d.get(deal.id)).body.data.title).to.equal('Cardápio digital');
      });
    });

    describe('the legacy routes on a project deal', () => {
      it("say in their 404 that it is a project deal of the team, and where; another team's gets the bare 404", async () => {
        const b = await board(env);
        const deal = (await api(env, b).create({ title: 'Cardápio digital', lead: JOAO }).expect(201)).body.data;
        const get = await env().request.get(`/api/v1/deals/${deal.id}`).set(b.t.auth);
        expect(get.status).to.equal(404);
        expect(get.body.error.code).to.equal('NOT_FOUND');
        expect(get.body.error.message).to.include(`project_id=${b.projectId}`);
        expect(get.body.error.details).to.deep.equal({ project_id: b.projectId });
        const put = await env().request.put(`/api/v1/deals/${deal.id}`).set(b.t.auth).send({ title: 'x' });
        expect(put.status).to.equal(404);
        expect(put.body.error.message).to.include(`PUT /projects/${b.projectId}/deals/${deal.id}`);
        const del = await env().request.delete(`/api/v1/deals/${deal.id}`).set(b.t.auth);
        expect(del.status).to.equal(404);
        expect(del.body.error.details).to.deep.equal({ project_id: b.projectId });

        const other = await env().team();
        const unknown = await env().request.get(`/api/v1/deals/${UNKNOWN}`).set(b.t.auth);
        for (const res of [
          await env().request.get(`/api/v1/deals/${deal.id}`).set(other.auth),
          await env().request.put(`/api/v1/deals/${deal.id}`).set(other.auth).send({ title: 'x' }),
          await env().request.delete(`/api/v1/deals/${deal.id}`).set(other.auth),
        ]) {
          expect(res.status).to.equal(404);
          expect(res.body.error).to.deep.equal(unknown.body.error);
        }
        expect(unknown.body.error).to.deep.equal({ code: 'NOT_FOUND', message: 'Deal not found' });
      });
    });
  },
  backendNames(),
);
