// Raw payloads past their retention (INBOUND_RAW_RETENTION_DAYS, WHATSAPP_RAW_RETENTION_DAYS, 90 days by
// default) are dropped by the minimisation the server runs in the background: what shows them keeps its
// documented shape, with null in their place, and what the records say otherwise stays.
import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { EventDeliveryScheduler } from '../../../application/events/event-delivery-scheduler';
import { MinimiseRawPayloads } from '../../../application/privacy/minimise-raw-payloads';
import { Clock } from '../../../application/shared/clock';
import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { TOKENS } from '../../../bootstrap/tokens';
import { backendNames, startRuntime } from '../../support/backends';
import { HttpEnv, httpEnvOf } from '../../support/http';
import { metaTextMessage } from '../../support/meta-payloads';
import { createProjectFixture, webhookCli } from '../webhooks/fixtures';

type Json = Record<string, any>;
const APP_SECRET = 'app-secret-for-minimisation';
const sign = (raw: string) => `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
const DAY_MS = 86_400_000;

for (const backend of backendNames()) {
  describe(`Raw payloads past their retention [${backend}]`, () => {
    let runtime: Awaited<ReturnType<typeof startRuntime>>;
    let env: HttpEnv;
    /** The time the whole runtime sees: set back to receive what is old by now, null for the time it is. */
    let setBack: number | null = null;
    const clock: Clock = { now: () => new Date(Date.now() - (setBack ?? 0)) };

    before(async function () {
      this.timeout(60000);
      runtime = await startRuntime(backend, { whatsapp: { cloudApiUrl: 'http://127.0.0.1:9/v23.0', appSecret: APP_SECRET } });
      runtime.container.rebindSync(TOKENS.Clock).toConstantValue(clock);
      env = httpEnvOf(runtime);
    });
    after(async () => runtime?.dispose());
    afterEach(() => {
      setBack = null;
    });

    /** The minimisation the server runs every 10 minutes, run now. */
    const minimise = () => runtime.container.get(MinimiseRawPayloads).execute();

    it("drops an old delivery's body and reading, keeps its outcome, and still answers a redelivery of it", async () => {
      const team = await env.team();
      const { projectId } = await createProjectFixture(runtime, team.teamId);
      const created = await env.request
        .post('/api/v1/webhooks')
        .set(team.auth)
        .send({ name: 'Site', project_id: projectId, action_type: 'create_lead' })
        .expect(201);
      const endpoint = created.body.data;
      const post = (body: object, key: string) =>
        env.request
          .post(`/api/v1/webhooks/inbound/${endpoint.endpoint_id}`)
          .set('X-Webhook-Secret', endpoint.secret_token)
          .set('Idempotency-Key', key)
          .send(body)
          .expect(200);
      const lead = { name: 'Ana Souza', phone: '(11) 98765-4321', email: 'ana@example.com' };

      setBack = 100 * DAY_MS;
      const old = (await post(lead, 'lead-1')).body;
      expect(old).to.include({ received: true, success: true });
      const refused = (await post({ nothing: 'usable' }, 'lead-2')).body;
      expect(refused).to.include({ received: true, success: false });
      setBack = 10 * DAY_MS;
      const recent = (await post({ ...lead, name: 'Bia Lima' }, 'lead-3')).body;
      setBack = null;

      const dropped = await minimise();
      expect(dropped.inboundDeliveries).to.equal(2);
      expect((await minimise()).inboundDeliveries, 'a second pass').to.equal(0);

      const list = await webhookCli(runtime, ['webhook', 'deliveries', '--endpoint', endpoint.id]);
      expect(list.code, list.err).to.equal(0);
      const [third, second, first] = list.json.data as Json[];
      expect(first).to.include({ status: 'succeeded', entity_id: old.entity_id, idempotency_key: 'lead-1', payload: null, raw_body: null });
      expect(first.entity_ids).to.deep.equal(old.entity_ids);
      expect(first.content_type).to.match(/^application\/json/);
      expect(second).to.include({ status: 'failed', idempotency_key: 'lead-2', payload: null, raw_body: null });
      expect(second.error).to.be.a('string').that.is.not.empty;
      expect(third).to.include({ status: 'succeeded', entity_id: recent.entity_id });
      expect(third.payload).to.deep.equal({ ...lead, name: 'Bia Lima' });
      expect(third.raw_body).to.be.a('string').that.contains('Bia Lima');

      // The sender's redelivery is answered with the first outcome, as before; the lead is still there.
      expect((await post(lead, 'lead-1')).body).to.deep.equal({ ...old, duplicate: true });
      expect((await post({ nothing: 'usable' }, 'lead-2')).body).to.deep.equal({ ...refused, duplicate: true });
      // A replay has nothing left to run: refused, and the outcome stays as it was.
      const replay = await webhookCli(runtime, ['webhook', 'replay', '--id', second.id]);
      expect(replay.code).to.equal(1);
      expect(replay.err).to.match(/no longer kept/);
      const after = (await webhookCli(runtime, ['webhook', 'deliveries', '--endpoint', endpoint.id])).json.data as Json[];
      expect(after[1]).to.deep.equal(second);
    });

    /** A Cloud API inbox of a new team, and how it receives a text sent `daysAgo`. */
    const cloudInbox = async (phoneNumberId: string) => {
      const team = await env.team();
      await runtime.container
        .get(CreateInbox)
        .execute(team, { name: 'Cloud', channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG-test' });
      const receive = async (id: string, body: string, daysAgo: number) => {
        const raw = JSON.stringify(
          metaTextMessage(phoneNumberId, '16505551234', id, {
            body,
            timestamp: String(Math.floor((Date.now() - daysAgo * DAY_MS) / 1000)),
          }),
        );
        const res = await env.request
          .post('/api/v1/whatsapp/cloud/webhook')
          .set('content-type', 'application/json')
          .set('x-hub-signature-256', sign(raw))
          .send(raw)
          .expect(200);
        expect(res.body.data).to.deep.include({ messages: 1 });
      };
      const messages = async () => {
        const [conversation] = (await env.request.get('/api/v1/whatsapp/conversations').set(team.auth).expect(200)).body.data as Json[];
        return (
          await env.request.get(`/api/v1/whatsapp/conversations/${conversation.id}/messages?sort=created_at`).set(team.auth).expect(200)
        ).body.data as Json[];
      };
      return { team, receive, messages };
    };

    it("drops an old WhatsApp message's raw object, and the messages list answers it with raw: null", async () => {
      const { team, receive, messages } = await cloudInbox(`20654035${backend.length}27`);
      await receive('wamid.OLD', 'Oi, meu CPF é 529.982.247-25', 120);
      await receive('wamid.NEW', 'Ainda está aí?', 1);

      expect((await minimise()).whatsappMessages).to.equal(1);
      expect((await minimise()).whatsappMessages, 'a second pass').to.equal(0);

      const [old, recent] = await messages();
      expect(old).to.include({ provider_message_id: 'wamid.OLD', text: 'Oi, meu CPF é 529.982.247-25', status: 'received', raw: null });
      expect(recent).to.include({ provider_message_id: 'wamid.NEW', text: 'Ainda está aí?' });
      expect(recent.raw).to.include({ id: 'wamid.NEW', type: 'text' });
      const one = (await env.request.get(`/api/v1/whatsapp/messages/${old.id}`).set(team.auth).expect(200)).body.data;
      expect(one).to.deep.equal(old);
    });

    it("is run by the server's background work, beside the purge of events", async () => {
      const { receive, messages } = await cloudInbox(`20654036${backend.length}27`);
      await receive('wamid.BG', 'Oi', 100);
      expect((await messages())[0].raw).to.include({ id: 'wamid.BG' });
      const stop = runtime.container.get(EventDeliveryScheduler).start();
      try {
        for (let waited = 0; (await messages())[0].raw !== null; waited += 50) {
          expect(waited, 'dropped within 5 s').to.be.below(5000);
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        await stop();
      }
    });
  });
}
