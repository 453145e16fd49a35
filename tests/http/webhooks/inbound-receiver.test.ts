import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import { AddressInfo } from 'node:net';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { buildHttpApp } from '../../../bootstrap/http';
import { DealRepository } from '../../../domain/deals/deal-repository';
import { LeadRepository } from '../../../domain/projects/lead-repository';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { archiveProject, createProjectFixture, webhookCli } from './fixtures';

/** A lead form as landing-page tools post it: local Brazilian phone, UTM parameters, extra answers. */
const leadForm = (over: Record<string, unknown> = {}) => ({
  name: 'Ana Souza',
  phone: '(11) 98765-4321',
  email: 'Ana.Souza@Example.com',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'black-friday',
  utm_term: 'crm para agencias',
  utm_content: 'anuncio-a',
  form_id: 'lp-home',
  ...over,
});

forEachHttpBackend(
  'Inbound webhook receiver',
  (env) => {
    const setUp = async (body: Record<string, unknown> = {}) => {
      const team = await env().team();
      const project = await createProjectFixture(env().runtime, team.teamId);
      const res = await env()
        .request.post('/api/v1/webhooks')
        .set(team.auth)
        .send({ name: 'Site', project_id: project.projectId, ...body });
      expect(res.status).to.equal(201);
      const webhook = res.body.data;
      return {
        ...team,
        ...project,
        webhook,
        secret: webhook.secret_token as string,
        url: `/api/v1/webhooks/inbound/${webhook.endpoint_id}`,
      };
    };
    const post = (url: string, secret: string | null, body: unknown) => {
      const req = env().request.post(url);
      if (secret !== null) req.set('X-Webhook-Secret', secret);
      return req.send(body as object);
    };
    const deliveries = async (webhookId: string) =>
      (await webhookCli(env().runtime, ['webhook', 'deliveries', '--endpoint', webhookId])).json.data;

    it('answers GET with { status: active } for an active endpoint, without a secret, and 404 otherwise', async () => {
      const { auth, webhook, url } = await setUp();
      const res = await env().request.get(url);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ status: 'active' });
      expect((await env().request.get(`/api/v1/webhooks/inbound/${webhook.id}`)).status).to.equal(404);
      expect((await env().request.get('/api/v1/webhooks/inbound/wh_unknown')).status).to.equal(404);
      await env().request.put(`/api/v1/webhooks/${webhook.id}`).set(auth).send({ is_active: false }).expect(200);
      const inactive = await env().request.get(url);
      expect(inactive.status).to.equal(404);
      expect(inactive.body.error.code).to.equal('NOT_FOUND');
      expect(await deliveries(webhook.id)).to.deep.equal([]);
    });

    it('refuses a missing or wrong secret with 401 and stores nothing; takes X-Webhook-Secret and its legacy alias', async () => {
      const { webhook, secret, url } = await setUp();
      for (const s of [null, '', 'whsec_wrong', `${secret}x`, secret.slice(0, -1)]) {
        const res = await post(url, s, leadForm());
        expect(res.status, String(s)).to.equal(401);
        expect(res.body.error.code).to.equal('UNAUTHORIZED');
      }
      expect(await deliveries(webhook.id)).to.deep.equal([]);
      expect((await post(url, secret, leadForm())).body.success).to.equal(true);
      const alias = await env()
        .request.post(url)
        .set('X-Service-Webhook-Secret', secret)
        .send(leadForm({ phone: '21 99876-5432', email: null }));
      expect(alias.status).to.equal(200);
      expect(alias.body.success).to.equal(true);
      expect(await deliveries(webhook.id)).to.have.length(2);
    });

    it('answers 404 to a POST for an inactive, deleted or unknown endpoint', async () => {
      const { auth, webhook, secret, url } = await setUp();
      await env().request.put(`/api/v1/webhooks/${webhook.id}`).set(auth).send({ is_active: false }).expect(200);
      expect((await post(url, secret, leadForm())).status).to.equal(404);
      await env().request.put(`/api/v1/webhooks/${webhook.id}`).set(auth).send({ is_active: true }).expect(200);
      expect((await post(url, secret, leadForm())).status).to.equal(200);
      await env().request.delete(`/api/v1/webhooks/${webhook.id}`).set(auth).expect(200);
      expect((await post(url, secret, leadForm())).status).to.equal(404);
      expect((await post('/api/v1/webhooks/inbound/wh_unknown', secret, leadForm())).status).to.equal(404);
    });

    it('answers 413 above 1 MB, with Content-Length and when chunked without it', async () => {
      const { secret, url } = await setUp();
      const big = { name: 'x', blob: 'a'.repeat(1024 * 1024 + 10) };
      const withLength = await post(url, secret, big);
      expect(withLength.status).to.equal(413);
      expect(withLength.body.error.code).to.equal('PAYLOAD_TOO_LARGE');

      const server = buildHttpApp(env().runtime).listen(0, '127.0.0.1');
      try {
        await new Promise((r) => server.once('listening', r));
        const { port } = server.address() as AddressInfo;
        const chunked = await new Promise<{ status: number; body: any; chunked: boolean }>((resolve, reject) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port,
              path: url,
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-webhook-secret': secret },
            },
            (res) => {
              let data = '';
              res.on('data', (c) => {
                data += c;
              });
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, body: JSON.parse(data), chunked: req.getHeader('content-length') === undefined }),
              );
            },
          );
          req.on('error', reject);
          const text = JSON.stringify(big);
          for (let i = 0; i < text.length; i += 64 * 1024) req.write(text.slice(i, i + 64 * 1024));
          req.end();
        });
        expect(chunked.chunked).to.equal(true);
        expect(chunked.status).to.equal(413);
        expect(chunked.body.error.code).to.equal('PAYLOAD_TOO_LARGE');
      } finally {
        await new Promise((r) => server.close(r));
      }
      const small = await post(url, secret, leadForm({ blob: 'a'.repeat(900 * 1024) }));
      expect(small.status).to.equal(200);
    });

    it('turns a lead form into a project deal that GET /deals?project_id= lists with its lead and attribution', async () => {
      const { auth, teamId, projectId, pipeline, secret, url } = await setUp();
      const res = await post(url, secret, leadForm());
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ received: true, success: true, action: 'create_deal', entity_type: 'deal' });
      expect(res.body).to.not.have.property('error');
      const dealId = res.body.entity_id;

      const list = await env().request.get(`/api/v1/deals?project_id=${projectId}`).set(auth);
      expect(list.status).to.equal(200);
      expect(list.body.pagination.total).to.equal(1);
      const deal = list.body.data[0];
      expect(deal).to.include({
        id: dealId,
        scope: 'project',
        project_id: projectId,
        pipeline_id: pipeline.id,
        phase: 'novo',
        title: 'Ana Souza',
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: 'black-friday',
        utm_term: 'crm para agencias',
        utm_content: 'anuncio-a',
        contact_name: 'Ana Souza',
        contact_phone: '+5511987654321',
        contact_email: 'Ana.Souza@Example.com',
        origin_type: 'webhook',
      });
      expect(deal.attribution).to.deep.equal({
        first: {
          utm_source: 'google',
          utm_medium: 'cpc',
          utm_campaign: 'black-friday',
          utm_term: 'crm para agencias',
          utm_content: 'anuncio-a',
        },
      });
      expect(deal.lead_id).to.be.a('string');
      const lead = await env().runtime.container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository).findById({ teamId }, deal.lead_id);
      expect(lead).to.include({
        projectId,
        fullName: 'Ana Souza',
        phone: '+5511987654321',
        email: 'Ana.Souza@Example.com',
        utmSource: 'google',
      });
      expect(deal.lead).to.include({
        id: deal.lead_id,
        full_name: 'Ana Souza',
        phone: '+5511987654321',
        email: 'Ana.Souza@Example.com',
        utm_campaign: 'black-friday',
      });
      expect(deal.lead.attribution).to.deep.equal(deal.attribution);
      expect(deal.contacts).to.have.length(1);
      expect(deal.contacts[0]).to.include({ contact_id: deal.lead_id, is_primary: true, position: 1 });
      expect(deal.contacts[0].contact).to.deep.equal({
        id: deal.lead_id,
        full_name: 'Ana Souza',
        email: 'Ana.Souza@Example.com',
        phone: '+5511987654321',
        custom_fields: {},
      });

      const read = await env().request.get(`/api/v1/deals/${dealId}?project_id=${projectId}`).set(auth);
      expect(read.status).to.equal(200);
      expect(read.body.data.id).to.equal(dealId);
      // Legacy routes never see a project deal.
      expect((await env().request.get(`/api/v1/deals/${dealId}`).set(auth)).status).to.equal(404);
      expect((await env().request.put(`/api/v1/deals/${dealId}`).set(auth).send({ title: 'x' })).status).to.equal(404);
      expect((await env().request.delete(`/api/v1/deals/${dealId}`).set(auth)).status).to.equal(404);
      expect((await env().request.get('/api/v1/deals').set(auth)).body.pagination.total).to.equal(0);

      // The same person again (phone written another way): a second deal for the same lead.
      const again = await post(url, secret, leadForm({ phone: '+55 11 98765 4321', email: null, utm_term: null }));
      expect(again.body.success).to.equal(true);
      const both = await env().request.get(`/api/v1/deals?project_id=${projectId}&sort=created_at`).set(auth);
      expect(both.body.data.map((d: { lead_id: string }) => d.lead_id)).to.deep.equal([deal.lead_id, deal.lead_id]);
    });

    it('reads nested payloads through the field mapping, into custom fields and metadata too', async () => {
      const { auth, projectId, secret, url } = await setUp({
        target_column_id: 'qualificado',
        field_mapping: {
          full_name: 'lead.nome',
          phone: 'lead.contato.telefone',
          email: 'lead.contato.email',
          value: 'orcamento',
          title: 'assunto',
          utm_source: 'tracking.utm.source',
          utm_term: 'tracking.utm.term',
          'custom_fields.plano': 'answers.0.value',
          'metadata.form_id': 'form.id',
        },
      });
      const res = await post(url, secret, {
        lead: { nome: 'Bruno Lima', contato: { telefone: '031 3222-1100', email: 'bruno@example.com' } },
        orcamento: '2500.50',
        assunto: 'Site novo',
        tracking: { utm: { source: 'instagram', term: 'site rapido' } },
        answers: [{ value: 'Pro' }],
        form: { id: 'f-9' },
      });
      expect(res.body.success, res.body.error).to.equal(true);
      const deal = (await env().request.get(`/api/v1/deals/${res.body.entity_id}?project_id=${projectId}`).set(auth)).body.data;
      expect(deal).to.include({
        title: 'Site novo',
        value: 2500.5,
        phase: 'qualificado',
        utm_source: 'instagram',
        utm_term: 'site rapido',
        contact_phone: '+553132221100',
      });
      expect(deal.custom_fields).to.deep.equal({ plano: 'Pro' });
      expect(deal.metadata).to.deep.equal({ form_id: 'f-9' });
      expect(deal.attribution.first).to.include({ utm_source: 'instagram', utm_term: 'site rapido', utm_medium: null });
    });

    it('answers 200 with success: false and keeps the payload with its error when the action refuses it', async () => {
      const { auth, projectId, webhook, secret, url } = await setUp();
      const res = await post(url, secret, { message: 'no contact data' });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ received: true, success: false, action: 'create_deal', entity_type: 'deal', entity_id: null });
      expect(res.body.error).to.match(/no name, phone or email/);
      expect((await env().request.get(`/api/v1/deals?project_id=${projectId}`).set(auth)).body.pagination.total).to.equal(0);
      const [stored] = await deliveries(webhook.id);
      expect(stored).to.include({
        status: 'failed',
        action: 'create_deal',
        entity_id: null,
        attempts: 1,
        content_type: 'application/json',
      });
      expect(stored.error).to.match(/no name, phone or email/);
      expect(stored.payload).to.deep.equal({ message: 'no contact data' });
      expect(stored.raw_body).to.equal('{"message":"no contact data"}');
    });

    it('takes a lead whose phone or e-mail cannot be read, with warnings in the answer, the delivery and the notes', async () => {
      const { auth, teamId, projectId, webhook, secret, url } = await setUp();
      const res = await post(url, secret, leadForm({ phone: '98765-4321', email: 'not-an-email' }));
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ received: true, success: true, entity_type: 'deal' });
      expect(res.body.entity_ids).to.deep.equal([res.body.entity_id]);
      expect(res.body.warnings.map((w: { field: string }) => w.field).sort()).to.deep.equal(['email', 'phone']);
      expect(res.body.warnings.find((w: { field: string }) => w.field === 'phone')).to.include({ value: '98765-4321' });
      expect(res.body.warnings[0].reason).to.be.a('string').and.not.equal('');
      const [stored] = await deliveries(webhook.id);
      expect(stored).to.include({ status: 'succeeded', entity_id: res.body.entity_id });
      expect(stored.warnings).to.deep.equal(res.body.warnings);
      const deal = (await env().request.get(`/api/v1/deals/${res.body.entity_id}?project_id=${projectId}`).set(auth)).body.data;
      const lead = await env().runtime.container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository).findById({ teamId }, deal.lead_id);
      expect(lead).to.include({ fullName: 'Ana Souza', phone: null, email: null });
      expect(lead!.notes).to.include('98765-4321').and.include('not-an-email');
    });

    it('refuses payloads for an archived project with success: false', async () => {
      const { teamId, projectId, secret, url } = await setUp();
      await archiveProject(env().runtime, teamId, projectId);
      const res = await post(url, secret, leadForm());
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ success: false });
      expect(res.body.error).to.match(/archived/i);
    });

    it('keeps a payload whose processing crashed, answers { received, error }, and replays it to success', async () => {
      const { auth, projectId, webhook, secret, url } = await setUp();
      const deals = env().runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository);
      const insert = deals.insert;
      deals.insert = async () => {
        deals.insert = insert;
        throw new Error('connection reset by peer');
      };
      let res;
      try {
        res = await post(url, secret, leadForm());
      } finally {
        deals.insert = insert;
      }
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body).sort()).to.deep.equal(['error', 'received']);
      expect(res.body.received).to.equal(true);
      expect(res.body.error).to.be.a('string').and.not.include('connection reset');
      // Nothing half-done: neither the deal nor its lead were kept.
      expect((await env().request.get(`/api/v1/deals?project_id=${projectId}`).set(auth)).body.pagination.total).to.equal(0);

      const [failed] = await deliveries(webhook.id);
      expect(failed).to.include({ status: 'failed', entity_id: null, attempts: 1 });
      expect(failed.error).to.include('connection reset by peer');
      expect(failed.payload).to.deep.equal(leadForm());

      const replay = await webhookCli(env().runtime, ['webhook', 'replay', '--id', failed.id]);
      expect(replay.code, replay.err).to.equal(0);
      expect(replay.json).to.include({ id: failed.id, status: 'succeeded', error: null, attempts: 2, entity_type: 'deal' });
      const list = await env().request.get(`/api/v1/deals?project_id=${projectId}`).set(auth);
      expect(list.body.data.map((d: { id: string }) => d.id)).to.deep.equal([replay.json.entity_id]);
      expect(list.body.data[0].utm_content).to.equal('anuncio-a');

      const twice = await webhookCli(env().runtime, ['webhook', 'replay', '--id', failed.id]);
      expect(twice.code).to.equal(1);
      expect(twice.err).to.match(/already/);
      expect((await env().request.get(`/api/v1/deals?project_id=${projectId}`).set(auth)).body.pagination.total).to.equal(1);
    });

    it('creates (or finds) a project lead with a create_lead endpoint', async () => {
      const { auth, teamId, projectId, secret, url } = await setUp({ action_type: 'create_lead' });
      const res = await post(url, secret, leadForm({ company_name: 'Souza ME', tags: 'vip, site' }));
      expect(res.body).to.include({ received: true, success: true, action: 'create_lead', entity_type: 'lead' });
      const leads = env().runtime.container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository);
      const lead = await leads.findById({ teamId }, res.body.entity_id);
      expect(lead).to.include({
        projectId,
        fullName: 'Ana Souza',
        phone: '+5511987654321',
        companyName: 'Souza ME',
        utmCampaign: 'black-friday',
      });
      expect(lead!.tags).to.deep.equal(['vip', 'site']);
      expect(lead!.attribution).to.deep.equal({
        first: {
          utm_source: 'google',
          utm_medium: 'cpc',
          utm_campaign: 'black-friday',
          utm_term: 'crm para agencias',
          utm_content: 'anuncio-a',
        },
      });
      const again = await post(url, secret, { full_name: 'Ana', email: 'ana.souza@example.com' });
      expect(again.body).to.include({ success: true, entity_id: res.body.entity_id });
      expect((await env().request.get(`/api/v1/deals?project_id=${projectId}`).set(auth)).body.pagination.total).to.equal(0);
    });
  },
  backendNames(),
);
