import { expect } from 'chai';
import { ReceiveInboundWebhook } from '../../../application/webhooks/receive-inbound-webhook';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { createEndpointFixture, storedLeadsAndDeals, webhookCli } from './fixtures';

/** A Meta lead-ads change notification, as Meta posts it (after the leadgen has been fetched). */
const metaLead = (leadgenId: string, phone = '+55 11 98765-4321') => ({
  object: 'page',
  entry: [
    {
      id: '1',
      time: 1732450000,
      changes: [{ field: 'leadgen', value: { leadgen_id: leadgenId, full_name: 'Ana Souza', phone_number: phone } }],
    },
  ],
});
const metaMapping = { full_name: 'entry.0.changes.0.value.full_name', phone: 'entry.0.changes.0.value.phone_number' };

forEachHttpBackend(
  'Inbound receiver redeliveries',
  (env) => {
    const deliveries = async (webhookId: string) =>
      (await webhookCli(env().runtime, ['webhook', 'deliveries', '--endpoint', webhookId])).json.data;

    it('answers a redelivery by idempotency_path with the first outcome, and stores and creates nothing', async () => {
      const f = await createEndpointFixture(env(), { field_mapping: metaMapping, idempotency_path: 'entry.0.changes.0.value.leadgen_id' });
      const first = await env().request.post(f.url).set('X-Webhook-Secret', f.secret).send(metaLead('lg-1'));
      expect(first.body).to.include({ success: true, entity_type: 'deal' });
      expect(first.body).to.not.have.property('duplicate');
      const again = await env().request.post(f.url).set('X-Webhook-Secret', f.secret).send(metaLead('lg-1', '+55 21 99999-0000'));
      expect(again.status).to.equal(200);
      expect(again.body).to.deep.equal({ ...first.body, duplicate: true });
      const other = await env().request.post(f.url).set('X-Webhook-Secret', f.secret).send(metaLead('lg-2'));
      expect(other.body).to.include({ success: true });
      expect(other.body.entity_id).to.not.equal(first.body.entity_id);
      const stored = await deliveries(f.webhook.id);
      expect(stored.map((d: { idempotency_key: string }) => d.idempotency_key)).to.deep.equal(['lg-2', 'lg-1']);
      const { leads, deals } = await storedLeadsAndDeals(env(), f);
      expect(deals).to.have.length(2);
      expect(leads).to.have.length(1);
    });

    it('honours the webhook-id and Idempotency-Key headers, per endpoint', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const g = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const lead = { full_name: 'Bia', phone: '11 3333-0001' };
      const a = await env().request.post(f.url).set('X-Webhook-Secret', f.secret).set('webhook-id', 'msg_1').send(lead);
      const b = await env()
        .request.post(f.url)
        .set('X-Webhook-Secret', f.secret)
        .set('webhook-id', 'msg_1')
        .send({ full_name: 'Other', phone: '11 3333-0002' });
      expect(b.body).to.deep.equal({ ...a.body, duplicate: true });
      const c = await env()
        .request.post(f.url)
        .set('X-Webhook-Secret', f.secret)
        .set('Idempotency-Key', 'k-1')
        .send({ full_name: 'Caio', phone: '11 3333-0003' });
      const d = await env()
        .request.post(f.url)
        .set('X-Webhook-Secret', f.secret)
        .set('Idempotency-Key', 'k-1')
        .send({ full_name: 'Caio', phone: '11 3333-0003' });
      expect(c.body).to.not.have.property('duplicate');
      expect(d.body).to.include({ duplicate: true, entity_id: c.body.entity_id });
      // The same id on another endpoint is another message.
      const e = await env().request.post(g.url).set('X-Webhook-Secret', g.secret).set('webhook-id', 'msg_1').send(lead);
      expect(e.body).to.not.have.property('duplicate');
      expect(await deliveries(f.webhook.id)).to.have.length(2);
      expect((await storedLeadsAndDeals(env(), f)).leads.map((l) => l.full_name)).to.deep.equal(['Bia', 'Caio']);
      const long = await env().request.post(f.url).set('X-Webhook-Secret', f.secret).set('Idempotency-Key', 'k'.repeat(513)).send(lead);
      expect(long.status).to.equal(400);
      expect(long.body.error.code).to.equal('invalid_idempotency_key');
    });

    it('answers a redelivery of a refused payload with the same refusal, without running it again', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead', idempotency_path: 'event_id' });
      const first = await env().request.post(f.url).set('X-Webhook-Secret', f.secret).send({ event_id: 'e-1', note: 'no contact' });
      expect(first.body).to.include({ success: false });
      const again = await env()
        .request.post(f.url)
        .set('X-Webhook-Secret', f.secret)
        .send({ event_id: 'e-1', full_name: 'Now with a name' });
      expect(again.body).to.deep.equal({ ...first.body, duplicate: true });
      expect((await storedLeadsAndDeals(env(), f)).leads).to.deep.equal([]);
      const [stored] = await deliveries(f.webhook.id);
      expect(stored).to.include({ attempts: 1, status: 'failed' });
    });

    it('creates one lead and one deal for concurrent deliveries with one id, and answers all with its outcome', async () => {
      const f = await createEndpointFixture(env(), { field_mapping: metaMapping, idempotency_path: 'entry.0.changes.0.value.leadgen_id' });
      const results = await Promise.all(
        Array.from({ length: 6 }, () => env().request.post(f.url).set('X-Webhook-Secret', f.secret).send(metaLead('lg-race'))),
      );
      for (const r of results) {
        expect(r.status, JSON.stringify(r.body)).to.equal(200);
        expect(r.body, JSON.stringify(r.body)).to.include({ success: true });
      }
      const ids = new Set(results.map((r) => r.body.entity_id));
      expect(ids.size).to.equal(1);
      expect(results.filter((r) => !r.body.duplicate)).to.have.length(1);
      const { leads, deals } = await storedLeadsAndDeals(env(), f);
      expect(deals.map((d) => d.id)).to.deep.equal([...ids]);
      expect(leads).to.have.length(1);
      expect(await deliveries(f.webhook.id)).to.have.length(1);
    });

    it('processes a first delivery that was stored but never processed when it is sent again', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead', idempotency_path: 'id' });
      // A process stopped between storing and processing: the delivery stays `received`.
      const receiver = env().runtime.container.get(ReceiveInboundWebhook) as unknown as { settle: unknown };
      const settle = receiver.settle;
      receiver.settle = async () => {
        receiver.settle = settle;
        throw new Error('process stopped');
      };
      const lost = await env()
        .request.post(f.url)
        .set('X-Webhook-Secret', f.secret)
        .send({ id: 'x-1', full_name: 'Dora', phone: '11 3333-0009' });
      expect(lost.status).to.equal(500);
      expect((await deliveries(f.webhook.id))[0]).to.include({ status: 'received', attempts: 0 });
      const again = await env()
        .request.post(f.url)
        .set('X-Webhook-Secret', f.secret)
        .send({ id: 'x-1', full_name: 'Dora', phone: '11 3333-0009' });
      expect(again.body).to.include({ success: true, duplicate: true });
      expect((await storedLeadsAndDeals(env(), f)).leads.map((l) => l.full_name)).to.deep.equal(['Dora']);
      expect((await deliveries(f.webhook.id))[0]).to.include({ status: 'succeeded', attempts: 1 });
    });

    it('reads a mapping and an idempotency path of long backslash runs on every delivery', async () => {
      const key = '\\'.repeat(90);
      const path = (leaf: string) => `items["${'\\'.repeat(180)}"=x].${leaf}`;
      const f = await createEndpointFixture(env(), {
        action_type: 'create_lead',
        field_mapping: { full_name: path('nome') },
        idempotency_path: path('id'),
      });
      const payload = {
        items: [
          { [key]: 'y', nome: 'Wrong', id: 'w' },
          { [key]: 'x', nome: 'Dora Lima', id: 'evt-1' },
        ],
      };
      const first = await env().request.post(f.url).set('X-Webhook-Secret', f.secret).send(payload);
      expect(first.body).to.include({ success: true, entity_type: 'lead' });
      const again = await env().request.post(f.url).set('X-Webhook-Secret', f.secret).send(payload);
      expect(again.body).to.include({ success: true, duplicate: true });
      expect((await storedLeadsAndDeals(env(), f)).leads.map((l) => l.full_name)).to.deep.equal(['Dora Lima']);
    });

    it('sets the idempotency path from the CLI, on create and on update', async () => {
      const f = await createEndpointFixture(env());
      const created = await webhookCli(env().runtime, [
        'webhook',
        'create',
        '--team',
        f.teamId,
        '--name',
        'Meta',
        '--action',
        'create_lead',
        '--project',
        f.projectId,
        '--idempotency-path',
        'entry.0.changes.0.value.leadgen_id',
        '--no-secret',
      ]);
      expect(created.code, created.err).to.equal(0);
      expect((await env().request.get(`/api/v1/webhooks/${created.json.id}`).set(f.auth)).body.data.idempotency_path).to.equal(
        'entry.0.changes.0.value.leadgen_id',
      );
      const updated = await webhookCli(env().runtime, [
        'webhook',
        'update',
        '--endpoint',
        created.json.id,
        '--idempotency-path',
        'event_id',
      ]);
      expect(updated.code, updated.err).to.equal(0);
      expect(updated.json).to.include({ id: created.json.id, idempotency_path: 'event_id' });
      const cleared = await webhookCli(env().runtime, ['webhook', 'update', '--endpoint', created.json.id, '--no-idempotency-path']);
      expect(cleared.json.idempotency_path).to.equal(null);
      const bad = await webhookCli(env().runtime, ['webhook', 'update', '--endpoint', created.json.id, '--idempotency-path', 'a[0']);
      expect(bad.code).to.equal(1);
      expect(bad.err).to.match(/idempotency_path/);
    });
  },
  backendNames(),
);
