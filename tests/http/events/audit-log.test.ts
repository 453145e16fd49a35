// The audit trail: every change, with who made it (an API key, the CLI, an inbound endpoint), the request it came
// with and each changed field's old and new values, read back with GET /audit-log and GET /deals/:id/history.
import { expect } from 'chai';
import { runCli } from '../../../adapters/cli/cli';
import { operatorCommands } from '../../../bootstrap/cli-main';
import { backendNames } from '../../support/backends';
import { TestTeam, forEachHttpBackend } from '../../support/http';

import { createEndpointFixture, createProjectFixture } from '../webhooks/fixtures';

type Json = Record<string, any>;
const UNKNOWN = '0190d000-0000-7000-8000-000000000404';

forEachHttpBackend(
  'Audit trail',
  (env) => {
    const createDeal = async (t: TestTeam, body: Json, requestId?: string): Promise<Json> => {
      const req = env().request.post('/api/v1/deals').set(t.auth);
      if (requestId) req.set('X-Request-Id', requestId);
      const res = await req.send(body);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      return res.body.data;
    };
    const history = async (t: TestTeam, dealId: string, query = ''): Promise<Json> => {
      const res = await env().request.get(`/api/v1/deals/${dealId}/history${query}`).set(t.auth);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      return res.body;
    };
    const auditLog = (t: { auth: Json }, query: string) => env().request.get(`/api/v1/audit-log${query}`).set(t.auth);

    it("records a deal's creation, each change with old and new values, and its archive, with the key and the request", async () => {
      const t = await env().team();
      const deal = await createDeal(t, { title: 'Site novo', value: 1000, tags: ['site'] }, 'req-create-1');
      const put = await env()
        .request.put(`/api/v1/deals/${deal.id}`)
        .set(t.auth)
        .set('X-Request-Id', 'req-update-1')
        .send({ title: 'Site novo e loja', value: 2500.5 });
      expect(put.status).to.equal(200);
      expect((await env().request.delete(`/api/v1/deals/${deal.id}`).set(t.auth).set('X-Request-Id', 'req-archive-1')).status).to.equal(
        200,
      );

      const body = await history(t, deal.id);
      expect(body.has_more).to.equal(false);
      const [archived, updated, created] = body.data;
      expect(body.data).to.have.length(3);
      const actor = `api_key:${t.keyId}`;
      expect(created).to.include({ action: 'deal.created', resource: 'deal', resource_id: deal.id, actor, request_id: 'req-create-1' });
      expect(created.changes.title).to.deep.equal({ from: null, to: 'Site novo' });
      expect(created.changes.value).to.deep.equal({ from: null, to: 1000 });
      expect(created.changes.tags).to.deep.equal({ from: null, to: ['site'] });
      expect(created.changes).to.not.have.any.keys('id', 'created_at', 'updated_at');
      expect(updated).to.include({ action: 'deal.updated', actor, request_id: 'req-update-1' });
      expect(updated.changes).to.deep.equal({
        title: { from: 'Site novo', to: 'Site novo e loja' },
        value: { from: 1000, to: 2500.5 },
      });
      expect(archived).to.include({ action: 'deal.archived', actor, request_id: 'req-archive-1' });
      expect(archived.changes.status).to.deep.equal({ from: 'ativo', to: 'arquivado' });

      // The same entries through the general route, filtered by record, kind and actor.
      const byRecord = await auditLog(t, `?resource=deal&resource_id=${deal.id}`);
      expect(byRecord.status).to.equal(200);
      expect(byRecord.body.data).to.deep.equal(body.data);
      expect((await auditLog(t, `?actor=${encodeURIComponent(actor)}&resource=deal`)).body.data.map((e: Json) => e.id)).to.deep.equal(
        body.data.map((e: Json) => e.id),
      );
      expect((await auditLog(t, '?actor=cli')).body.data).to.deep.equal([]);
      expect((await auditLog(t, '?resource=client')).body.data).to.deep.equal([]);
    });

    it('pages newest first with a cursor', async () => {
      const t = await env().team();
      const deal = await createDeal(t, { title: 'v0' });
      for (let i = 1; i <= 3; i++)
        await env()
          .request.put(`/api/v1/deals/${deal.id}`)
          .set(t.auth)
          .send({ title: `v${i}` });
      const first = await history(t, deal.id, '?limit=2');
      expect(first.has_more).to.equal(true);
      expect(first.data.map((e: Json) => e.changes.title.to)).to.deep.equal(['v3', 'v2']);
      const second = await history(t, deal.id, `?limit=2&starting_after=${first.data[1].id}`);
      expect(second.has_more).to.equal(false);
      expect(second.data.map((e: Json) => e.changes.title.to)).to.deep.equal(['v1', 'v0']);
    });

    it('names the CLI and the inbound endpoint as the actors of their changes', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const team = { auth: f.auth };
      const posted = await env()
        .request.post(f.url)
        .set('X-Webhook-Secret', f.secret)
        .set('X-Request-Id', 'form-post-1')
        .send({ name: 'Joana D’Ávila', phone: '(11) 98765-4321', email: 'joana@exemplo.com.br' });
      expect(posted.body, JSON.stringify(posted.body)).to.include({ success: true });
      const leads = (await auditLog(team, '?resource=lead')).body.data;
      expect(leads).to.have.length(1);
      expect(leads[0]).to.include({ action: 'lead.created', actor: `inbound:${f.webhook.id}`, request_id: 'form-post-1' });
      expect(leads[0].changes.full_name).to.deep.equal({ from: null, to: 'Joana D’Ávila' });

      const io = { out: () => undefined, err: () => undefined };
      const commands = operatorCommands(env().runtime.container, () => env().runtime);
      expect(await runCli(['lead', 'deactivate', '--id', leads[0].resource_id], commands, io)).to.equal(0);
      const byCli = (await auditLog(team, '?actor=cli')).body.data;
      expect(byCli).to.have.length(1);
      expect(byCli[0]).to.include({ action: 'lead.updated', resource_id: leads[0].resource_id, request_id: null });
      expect(byCli[0].changes.is_active).to.deep.equal({ from: true, to: false });
    });

    it("shows a team only its own entries, and a project deal's history too", async () => {
      const t = await env().team();
      const other = await env().team();
      const deal = await createDeal(t, { title: 'Meu' });
      expect((await env().request.get(`/api/v1/deals/${deal.id}/history`).set(other.auth)).status).to.equal(404);
      expect((await auditLog(other, `?resource_id=${deal.id}`)).body.data).to.deep.equal([]);
      const mine = (await auditLog(t, '')).body.data;
      expect(mine.map((e: Json) => e.resource_id)).to.deep.equal([deal.id]);
      // A cursor of another team's entry names nothing of this team.
      const theirs = await auditLog(other, `?starting_after=${mine[0].id}`);
      expect(theirs.status).to.equal(404);
      expect(theirs.body.error.details.field).to.equal('starting_after');

      const project = await createProjectFixture(env().runtime, t.teamId);
      const f = await createEndpointFixture(env());
      expect(project.projectId).to.be.a('string');
      const posted = await env()
        .request.post(f.url)
        .set('X-Webhook-Secret', f.secret)
        .send({ name: 'Rui Gonçalves', phone: '21 99876-5432' });
      expect(posted.body).to.include({ success: true });
      const deals = (await env().request.get(`/api/v1/deals?project_id=${f.projectId}`).set(f.auth)).body.data;
      expect(deals).to.have.length(1);
      const projectDeal = (await env().request.get(`/api/v1/deals/${deals[0].id}/history`).set(f.auth)).body.data;
      expect(projectDeal.map((e: Json) => [e.action, e.actor])).to.deep.equal([['deal.created', `inbound:${f.webhook.id}`]]);
    });

    it('answers bad parameters with 400 naming them, and an unknown deal with 404', async () => {
      const t = await env().team();
      const field = async (query: string) => {
        const res = await auditLog(t, query);
        expect(res.status, query).to.equal(400);
        return res.body.error.details.field;
      };
      expect(await field('?resource=invoice')).to.equal('resource');
      expect(await field('?resource_id=42')).to.equal('resource_id');
      expect(await field('?limit=0')).to.equal('limit');
      expect(await field('?limit=101')).to.equal('limit');
      expect(await field(`?actor=${'x'.repeat(600)}`)).to.equal('actor');
      expect((await env().request.get(`/api/v1/deals/${UNKNOWN}/history`).set(t.auth)).status).to.equal(404);
      expect((await env().request.get('/api/v1/deals/not-an-id/history').set(t.auth)).status).to.equal(404);
      expect((await env().request.get('/api/v1/audit-log')).status).to.equal(401);
    });
  },
  backendNames(),
);
