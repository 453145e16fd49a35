import { expect } from 'chai';
import { FindOrCreateLead } from '../../../application/projects/find-or-create-lead';
import { DispatchDealEvents } from '../../../application/deals/dispatch-deal-events';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend, TestTeam } from '../../support/http';
import { ProjectFixture, addPipeline, archiveProject, createProjectFixture, webhookCli } from '../webhooks/fixtures';

const UNKNOWN = '0190a000-0000-7000-8000-000000000000';

// Project deals are created by the inbound receiver (docs/decisions.md); these suites create them that way.
forEachHttpBackend(
  'Project deals: scope, filters and moves',
  (env) => {
    interface Board extends TestTeam, ProjectFixture {
      post(payload: object): Promise<string>;
    }

    const board = async (team?: TestTeam, columnOrPipeline: { pipeline?: string; column?: string } = {}): Promise<Board> => {
      const t = team ?? (await env().team());
      const fixture = await createProjectFixture(env().runtime, t.teamId);
      const args = [
        'webhook',
        'create',
        '--team',
        t.teamId,
        '--name',
        'Form',
        '--action',
        'create_deal',
        '--project',
        fixture.projectId,
        '--no-secret',
      ];
      if (columnOrPipeline.pipeline) args.push('--pipeline', columnOrPipeline.pipeline);
      if (columnOrPipeline.column) args.push('--column', columnOrPipeline.column);
      const created = await webhookCli(env().runtime, args);
      expect(created.code, created.err).to.equal(0);
      const post = async (payload: object) => {
        const res = await env().request.post(`/api/v1/webhooks/inbound/${created.json.endpoint_id}`).send(payload);
        expect(res.body.success, res.body.error).to.equal(true);
        return res.body.entity_id as string;
      };
      return { ...t, ...fixture, post };
    };
    const list = (b: TestTeam, q: string) => env().request.get(`/api/v1/deals?${q}`).set(b.auth);
    const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((d) => d.title);
    const move = (b: TestTeam, id: string, body: object) => env().request.post(`/api/v1/deals/${id}/move`).set(b.auth).send(body);

    it('presents a project deal with its complete lead, its contacts and its attribution', async () => {
      const b = await board();
      const id = await b.post({
        name: 'Ana Souza',
        phone: '(11) 98765-4321',
        email: 'ana@example.com',
        utm_source: 'google',
        utm_term: 'crm',
        utm_content: 'ad-1',
        custom_fields: { plano: 'pro' },
        metadata: { form: 'lp' },
      });
      const res = await list(b, `project_id=${b.projectId}`);
      expect(res.status).to.equal(200);
      const deal = res.body.data[0];
      expect(deal).to.include({ id, scope: 'project', project_id: b.projectId, client_id: null, client: null });
      expect(deal.lead).to.include({
        id: deal.lead_id,
        project_id: b.projectId,
        full_name: 'Ana Souza',
        phone: '+5511987654321',
        email: 'ana@example.com',
      });
      expect(deal.lead.public_id).to.be.a('string');
      expect(deal.lead.identity).to.include({ display_name: 'Ana Souza', primary_phone: '+5511987654321' });
      expect(deal.lead).to.not.have.any.keys('phone_key', 'email_key', 'phoneKey', 'emailKey', 'team_id');
      expect(deal.contacts).to.have.length(1);
      const [contact] = deal.contacts;
      expect(contact).to.include({
        contact_id: deal.lead_id,
        contact_identity_id: deal.lead.contact_identity_id,
        is_primary: true,
        position: 1,
      });
      expect(contact.link_id).to.be.a('string').and.not.equal(deal.lead_id);
      expect(contact.linked_at).to.match(/Z$/);
      expect(contact.contact).to.deep.equal({
        id: deal.lead_id,
        full_name: 'Ana Souza',
        email: 'ana@example.com',
        phone: '+5511987654321',
        custom_fields: { plano: 'pro' },
      });
      expect(deal.attribution.first).to.include({ utm_term: 'crm', utm_content: 'ad-1', utm_source: 'google' });
      expect(deal.custom_fields).to.deep.equal({ plano: 'pro' });
      expect(deal.metadata).to.deep.equal({ form: 'lp' });
      const read = await env().request.get(`/api/v1/deals/${id}?project_id=${b.projectId}`).set(b.auth);
      expect(read.body.data).to.deep.equal(deal);
    });

    it('lists every deal card of the project, and only them, by project_id or by a project pipeline_id', async () => {
      const b = await board();
      const other = await board(b);
      for (let i = 1; i <= 3; i++) await b.post({ name: `Lead ${i}`, email: `l${i}@x.com` });
      await other.post({ name: 'Elsewhere', email: 'e@x.com' });
      // A lead without a deal is never a deal.
      await env()
        .runtime.container.get(FindOrCreateLead)
        .execute({ teamId: b.teamId }, { projectId: b.projectId, fullName: 'Only a lead', email: 'lead@x.com' });
      const byProject = await list(b, `project_id=${b.projectId}&limit=2&sort=title`);
      expect(byProject.body.pagination).to.deep.equal({ page: 1, limit: 2, total: 3, pages: 2 });
      expect(titles(byProject)).to.deep.equal(['Lead 1', 'Lead 2']);
      const byPipeline = await list(b, `pipeline_id=${b.pipeline.id}&sort=-title`);
      expect(titles(byPipeline)).to.deep.equal(['Lead 3', 'Lead 2', 'Lead 1']);
      expect((await list(b, '')).body.pagination.total).to.equal(0);
      expect((await list(b, `project_id=${UNKNOWN}`)).status).to.equal(404);
      const foreign = await env().team();
      expect((await list(foreign, `project_id=${b.projectId}`)).status).to.equal(404);
      expect(
        (await env().request.get(`/api/v1/deals/${byProject.body.data[0].id}?project_id=${other.projectId}`).set(b.auth)).status,
      ).to.equal(404);
      expect(
        (await env().request.get(`/api/v1/deals/${byProject.body.data[0].id}?pipeline_id=${b.pipeline.id}`).set(b.auth)).status,
      ).to.equal(200);
    });

    it('applies the same filters and sorts in project scope, lead_id and client_id as aliases', async () => {
      const b = await board();
      const ana = await b.post({ name: 'Ana', email: 'ana@x.com', title: 'Site', value: 1000, source: 'google' });
      await b.post({ name: 'Ana', email: 'ana@x.com', title: 'App', value: 5000, source: 'meta', description: 'mobile app' });
      await b.post({ name: 'Bia', email: 'bia@x.com', title: 'Logo', value: 300, source: 'google' });
      const leadId = (await env().request.get(`/api/v1/deals/${ana}?project_id=${b.projectId}`).set(b.auth)).body.data.lead_id;
      const p = `project_id=${b.projectId}`;
      expect(titles(await list(b, `${p}&lead_id=${leadId}&sort=title`))).to.deep.equal(['App', 'Site']);
      expect(titles(await list(b, `${p}&client_id=${leadId}&sort=title`))).to.deep.equal(['App', 'Site']);
      expect(titles(await list(b, `${p}&source=google&sort=value`))).to.deep.equal(['Logo', 'Site']);
      expect(titles(await list(b, `${p}&min_value=500&max_value=1000`))).to.deep.equal(['Site']);
      expect(titles(await list(b, `${p}&search=MOBILE`))).to.deep.equal(['App']);
      expect(titles(await list(b, `${p}&sort=-value`))).to.deep.equal(['App', 'Site', 'Logo']);
      expect(titles(await list(b, `${p}&phase=novo&sort=title`))).to.deep.equal(['App', 'Logo', 'Site']);
      expect((await list(b, `${p}&phase=ganho`)).body.pagination.total).to.equal(0);
      expect((await list(b, `${p}&lead_id=${UNKNOWN}`)).status).to.equal(404);
      expect((await list(b, `${p}&sort=lead`)).status).to.equal(400);
    });

    const eventsOf = (b: TestTeam, id: string) =>
      env().runtime.container.get<EventOutbox>(EVENT_TOKENS.EventOutbox).listBySubject({ teamId: b.teamId }, id);

    it('moves a deal to an open column and raises deal.stage_changed, carrying the card as GET shows it', async () => {
      const b = await board();
      const id = await b.post({ name: 'Ana', email: 'ana@x.com' });
      const created = (await env().request.get(`/api/v1/deals/${id}?project_id=${b.projectId}`).set(b.auth)).body.data;
      const res = await move(b, id, { project_id: b.projectId, phase: 'proposta', position: 3 });
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({ id, phase: 'proposta', position: 3, won_at: null, lost_at: null });
      expect(res.body.data.contacts).to.have.length(1);
      const events = await eventsOf(b, id);
      expect(events.map((e) => [e.type, e.subjectId])).to.deep.equal([
        ['deal.created', id],
        ['deal.stage_changed', id],
      ]);
      expect(events[0].data).to.deep.equal({ object: created });
      expect(events[1].data.object).to.deep.equal(res.body.data);
      expect(events[1].data.previous).to.deep.include({ phase: 'novo' });
      expect(events[1].data.previous).to.not.have.property('updated_at');
      await env().runtime.container.get(DispatchDealEvents).execute();
      expect((await env().request.get(`/api/v1/deals/${id}?project_id=${b.projectId}`).set(b.auth)).body.data.phase).to.equal('proposta');
    });

    it('needs a win_note for a won column and a loss reason of the pipeline for a lost one', async () => {
      const b = await board();
      const id = await b.post({ name: 'Ana', email: 'ana@x.com' });
      for (const body of [{ phase: 'ganho' }, { phase: 'ganho', win_note: '  ' }, { phase: 'ganho', win_note: null }]) {
        const res = await move(b, id, { project_id: b.projectId, ...body });
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.details.field).to.equal('win_note');
      }
      const noReason = await move(b, id, { project_id: b.projectId, phase: 'perdido' });
      expect(noReason.status).to.equal(400);
      expect(noReason.body.error.details.field).to.equal('loss_reason_id');
      const badReason = await move(b, id, { project_id: b.projectId, phase: 'perdido', loss_reason_id: UNKNOWN });
      expect(badReason.status).to.equal(404);
      expect(badReason.body.error).to.nested.include({ code: 'NOT_FOUND', 'details.field': 'loss_reason_id' });
      const reason = b.pipeline.lossReasons[0];
      const lost = await move(b, id, { project_id: b.projectId, phase: 'perdido', loss_reason_id: reason.id });
      expect(lost.status).to.equal(200);
      expect(lost.body.data).to.include({ phase: 'perdido', loss_reason_id: reason.id, loss_reason: reason.name, won_at: null });
      expect(lost.body.data.lost_at).to.match(/Z$/);
      const won = await move(b, id, { project_id: b.projectId, phase: 'ganho', win_note: ' Contrato anual assinado ' });
      expect(won.status).to.equal(200);
      expect(won.body.data).to.include({ phase: 'ganho', win_note: 'Contrato anual assinado', loss_reason_id: null, lost_at: null });
      expect(won.body.data.won_at).to.match(/Z$/);
      const events = await eventsOf(b, id);
      expect(events.map((e) => e.type)).to.deep.equal([
        'deal.created',
        'deal.stage_changed',
        'deal.lost',
        'deal.stage_changed',
        'deal.won',
      ]);
      expect(events[2].data.object).to.deep.equal(lost.body.data);
      expect(events[4].data.object).to.deep.equal(won.body.data);
      expect(events[4].data.previous).to.deep.include({ phase: 'perdido', loss_reason_id: reason.id, won_at: null });
    });

    it("uses the default pipeline's loss reasons on a pipeline without its own", async () => {
      const t = await env().team();
      const first = await createProjectFixture(env().runtime, t.teamId);
      const extra = await addPipeline(env().runtime, t.teamId, first.projectId, [
        { slug: 'entrada', title: 'Entrada', outcome: 'open' },
        { slug: 'descartado', title: 'Descartado', outcome: 'lost' },
      ]);
      const created = await webhookCli(env().runtime, [
        'webhook',
        'create',
        '--team',
        t.teamId,
        '--name',
        'F',
        '--action',
        'create_deal',
        '--project',
        first.projectId,
        '--pipeline',
        extra.id,
        '--no-secret',
      ]);
      const posted = await env()
        .request.post(`/api/v1/webhooks/inbound/${created.json.endpoint_id}`)
        .send({ name: 'Caio', email: 'c@x.com' });
      const id = posted.body.entity_id;
      const res = await move(t, id, { project_id: first.projectId, phase: 'descartado', loss_reason_id: first.pipeline.lossReasons[1].id });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data).to.include({ pipeline_id: extra.id, phase: 'descartado', loss_reason: first.pipeline.lossReasons[1].name });
      expect((await move(t, id, { project_id: first.projectId, phase: 'novo' })).status).to.equal(400);
    });

    it('answers 400, 404 and 409 for bad moves, and never moves a legacy deal', async () => {
      const b = await board();
      const id = await b.post({ name: 'Ana', email: 'ana@x.com' });
      const other = await board(b);
      const unknownColumn = await move(b, id, { project_id: b.projectId, phase: 'fechado' });
      expect(unknownColumn.status).to.equal(400);
      expect(unknownColumn.body.error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': 'phase' });
      for (const [body, field] of [
        [{ phase: 'novo' }, 'project_id'],
        [{ project_id: b.projectId }, 'phase'],
        [{ project_id: 'x', phase: 'novo' }, 'project_id'],
        [{ project_id: b.projectId, phase: 'perdido', loss_reason_id: 'x' }, 'loss_reason_id'],
        [{ project_id: b.projectId, phase: 'novo', position: 'top' }, 'position'],
      ] as const) {
        const res = await move(b, id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.details.field).to.equal(field);
      }
      expect((await move(b, id, { project_id: other.projectId, phase: 'novo' })).status).to.equal(404);
      expect((await move(b, id, { project_id: UNKNOWN, phase: 'novo' })).status).to.equal(404);
      expect((await move(b, UNKNOWN, { project_id: b.projectId, phase: 'novo' })).status).to.equal(404);
      expect((await move(b, 'nope', { project_id: b.projectId, phase: 'novo' })).status).to.equal(404);
      const foreign = await env().team();
      expect((await move(foreign, id, { project_id: b.projectId, phase: 'novo' })).status).to.equal(404);
      const legacy = await env().request.post('/api/v1/deals').set(b.auth).send({ title: 'Legacy' });
      expect((await move(b, legacy.body.data.id, { project_id: b.projectId, phase: 'novo' })).status).to.equal(404);
      await archiveProject(env().runtime, b.teamId, b.projectId);
      const archived = await move(b, id, { project_id: b.projectId, phase: 'proposta' });
      expect(archived.status).to.equal(409);
      expect(archived.body.error.code).to.equal('PROJECT_ARCHIVED');
    });
  },
  backendNames(),
);
