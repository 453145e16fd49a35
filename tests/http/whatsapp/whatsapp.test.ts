import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { runCli } from '../../../adapters/cli/cli';
import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { Runtime } from '../../../bootstrap/container';
import { operatorCommands } from '../../../bootstrap/cli-main';
import { WHATSAPP_TOKENS } from '../../../bootstrap/contexts/whatsapp';
import { InboxSetup } from '../../../domain/whatsapp/inbox';
import { InboxRepository } from '../../../domain/whatsapp/inbox-repository';
import { MessageRepository } from '../../../domain/whatsapp/message-repository';
import { backendNames, startRuntime } from '../../support/backends';
import { FakeWhatsAppProvider } from '../../support/fake-whatsapp-provider';
import { startWhatsAppRuntime, stopWhatsAppRuntime } from '../../support/whatsapp-runtime';
import { HttpEnv, TestTeam, httpEnvOf } from '../../support/http';
import { metaEnvelope, metaTextMessage } from '../../support/meta-payloads';

const APP_SECRET = 'app-secret-for-tests';
const VERIFY_TOKEN = 'verify-me';
const WEBHOOK = '/api/v1/whatsapp/cloud/webhook';

const sign = (raw: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

const statusPayload = (phoneNumberId: string, id: string, status: string, errors?: object[]) =>
  metaEnvelope(phoneNumberId, {
    statuses: [
      { id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: '5511987654321', ...(errors ? { errors } : {}) },
    ],
  });

let pn = 0;

for (const backend of backendNames()) {
  describe(`WhatsApp API [${backend}]`, function () {
    let fake: FakeWhatsAppProvider;
    let runtime: Runtime & { dispose(): Promise<void> };
    let env: HttpEnv;

    before(async function () {
      this.timeout(60000);
      ({ fake, runtime, env } = await startWhatsAppRuntime(backend, {
        appSecret: APP_SECRET,
        verifyToken: VERIFY_TOKEN,
        providerTimeoutMs: 400,
      }));
    });
    after(() => stopWhatsAppRuntime({ fake, runtime }));
    beforeEach(() => fake.reset());

    const inbox = async (team: TestTeam, setup: Partial<InboxSetup> & { channel: string }) =>
      runtime.container.get(CreateInbox).execute(team, { name: 'Inbox', ...setup });
    const cloudInbox = async (team: TestTeam) => {
      const phoneNumberId = `10654035224${backend.length}${++pn}`;
      return { phoneNumberId, inbox: await inbox(team, { channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG-test-token' }) };
    };
    const evolutionInbox = (team: TestTeam) =>
      inbox(team, { channel: 'evolution', baseUrl: fake.url, instance: 'loja', apiKey: 'evo-key' });
    const postWebhook = (body: object, signature?: string) => {
      const raw = JSON.stringify(body);
      return env.request
        .post(WEBHOOK)
        .set('content-type', 'application/json')
        .set('x-hub-signature-256', signature ?? sign(raw))
        .send(raw);
    };
    const send = (team: TestTeam, body: object) => env.request.post('/api/v1/whatsapp/messages').set(team.auth).send(body);

    describe('contacts', () => {
      it('creates a contact with the phone as digits with country code, and the full record', async () => {
        const team = await env.team();
        const res = await env.request
          .post('/api/v1/whatsapp/contacts')
          .set(team.auth)
          .send({ phone: '(11) 98765-4321', custom_name: 'Ana', tags: ['vip'] });
        expect(res.status).to.equal(201);
        expect(res.body.success).to.equal(true);
        expect(res.body.data).to.include({
          phone: '5511987654321',
          jid: '5511987654321@s.whatsapp.net',
          custom_name: 'Ana',
          push_name: null,
          notes: null,
          client_id: null,
        });
        expect(res.body.data.tags).to.deep.equal(['vip']);
        expect(Object.keys(res.body.data).sort()).to.deep.equal([
          'client_id',
          'created_at',
          'custom_name',
          'id',
          'jid',
          'notes',
          'phone',
          'push_name',
          'tags',
          'updated_at',
        ]);
      });

      it('returns the existing contact with reused: true and 200 for a Brazilian variant', async () => {
        const team = await env.team();
        const first = await env.request.post('/api/v1/whatsapp/contacts').set(team.auth).send({ phone: '+55 11 98765-4321' }).expect(201);
        const again = await env.request.post('/api/v1/whatsapp/contacts').set(team.auth).send({ phone: '551187654321' });
        expect(again.status).to.equal(200);
        expect(again.body.data).to.include({ id: first.body.data.id, reused: true, phone: '5511987654321' });
      });

      it('answers 400 VALIDATION_ERROR with field phone for a number without country or area code', async () => {
        const team = await env.team();
        for (const phone of ['98765-4321', '7911 123456', 12345]) {
          const res = await env.request.post('/api/v1/whatsapp/contacts').set(team.auth).send({ phone });
          expect(res.status, String(phone)).to.equal(400);
          expect(res.body.error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': 'phone' });
        }
        const missing = await env.request.post('/api/v1/whatsapp/contacts').set(team.auth).send({});
        expect(missing.body.error.details).to.deep.include({ field: 'phone' });
      });

      it("checks client_id: 404 with the field when unknown or another team's", async () => {
        const team = await env.team();
        const other = await env.team();
        const client = await env.request.post('/api/v1/clients').set(other.auth).send({ name: 'X', type: 'PF' }).expect(201);
        const res = await env.request
          .post('/api/v1/whatsapp/contacts')
          .set(team.auth)
          .send({ phone: '11987654321', client_id: client.body.data.id });
        expect(res.status).to.equal(404);
        expect(res.body.error).to.nested.include({ code: 'NOT_FOUND', 'details.field': 'client_id' });
        const mine = await env.request.post('/api/v1/clients').set(team.auth).send({ name: 'Y', type: 'PF' }).expect(201);
        const ok = await env.request
          .post('/api/v1/whatsapp/contacts')
          .set(team.auth)
          .send({ phone: '11987654321', client_id: mine.body.data.id });
        expect(ok.status).to.equal(201);
        expect(ok.body.data.client_id).to.equal(mine.body.data.id);
      });

      it("reads, updates only the allowed fields, and hides other teams' contacts", async () => {
        const team = await env.team();
        const other = await env.team();
        const { body } = await env.request.post('/api/v1/whatsapp/contacts').set(team.auth).send({ phone: '11987654321' }).expect(201);
        const id = body.data.id;
        expect((await env.request.get(`/api/v1/whatsapp/contacts/${id}`).set(team.auth)).body.data.id).to.equal(id);
        expect((await env.request.get(`/api/v1/whatsapp/contacts/${id}`).set(other.auth)).status).to.equal(404);
        expect((await env.request.get('/api/v1/whatsapp/contacts/nope').set(team.auth)).status).to.equal(404);

        const put = await env.request
          .put(`/api/v1/whatsapp/contacts/${id}`)
          .set(team.auth)
          .send({ notes: 'Ligar amanhã', phone: '5521999999999', jid: 'x' });
        expect(put.status).to.equal(200);
        expect(put.body.data).to.include({ notes: 'Ligar amanhã', phone: '5511987654321', jid: '5511987654321@s.whatsapp.net' });
        const nothing = await env.request
          .put(`/api/v1/whatsapp/contacts/${id}`)
          .set(team.auth)
          .send({ phone: '5521999999999', team_id: other.teamId });
        expect(nothing.status).to.equal(400);
        expect(nothing.body.error.code).to.equal('VALIDATION_ERROR');
        const badTags = await env.request.put(`/api/v1/whatsapp/contacts/${id}`).set(team.auth).send({ tags: 'vip' });
        expect(badTags.body.error.details).to.deep.include({ field: 'tags' });
        expect((await env.request.put(`/api/v1/whatsapp/contacts/${id}`).set(other.auth).send({ notes: 'x' })).status).to.equal(404);
      });

      it('lists with tag, client_id and search filters, sorted and paginated', async () => {
        const team = await env.team();
        const client = (await env.request.post('/api/v1/clients').set(team.auth).send({ name: 'C', type: 'PF' })).body.data.id;
        const add = (body: object) => env.request.post('/api/v1/whatsapp/contacts').set(team.auth).send(body).expect(201);
        await add({ phone: '11987650001', custom_name: 'bruno', tags: ['vip'] });
        await add({ phone: '11987650002', custom_name: 'Ana', tags: ['vip', 'lead'], client_id: client });
        await add({ phone: '+1 415 555 2671', custom_name: 'Zed' });
        const list = (q: string) => env.request.get(`/api/v1/whatsapp/contacts${q}`).set(team.auth);

        const all = await list('?sort=custom_name&limit=2');
        expect(all.body.pagination).to.deep.equal({ page: 1, limit: 2, total: 3, pages: 2 });
        expect(all.body.data.map((c: any) => c.custom_name)).to.deep.equal(['Ana', 'bruno']);
        expect((await list('?tag=vip')).body.pagination.total).to.equal(2);
        expect((await list(`?client_id=${client}`)).body.data.map((c: any) => c.custom_name)).to.deep.equal(['Ana']);
        expect((await list('?search=4155')).body.data.map((c: any) => c.custom_name)).to.deep.equal(['Zed']);
        expect((await list('?search=BRU')).body.data.map((c: any) => c.custom_name)).to.deep.equal(['bruno']);
        expect((await list('?sort=-phone')).body.data[0].phone).to.equal('5511987650002');
        const badSort = await list('?sort=name');
        expect(badSort.status).to.equal(400);
        expect(badSort.body.error.details).to.deep.include({ field: 'sort' });
        expect((await list('?client_id=nope')).body.error.details).to.deep.include({ field: 'client_id' });
        expect((await list('?limit=101')).status).to.equal(400);
      });

      it('answers 404 on client_id when the filter names no client of the team, as every other referenced id', async () => {
        const team = await env.team();
        const other = await env.team();
        const theirs = (await env.request.post('/api/v1/clients').set(other.auth).send({ name: 'Outro', type: 'PF' }).expect(201)).body.data
          .id;
        for (const id of [theirs, '0190a000-0000-7000-8000-000000000000']) {
          const res = await env.request.get(`/api/v1/whatsapp/contacts?client_id=${id}`).set(team.auth);
          expect(res.status, id).to.equal(404);
          expect(res.body.error).to.nested.include({ code: 'NOT_FOUND', 'details.field': 'client_id' });
        }
      });

      it('deletes a contact for good, but answers 409 CONFLICT while it has conversations', async () => {
        const team = await env.team();
        const lone = (await env.request.post('/api/v1/whatsapp/contacts').set(team.auth).send({ phone: '11987654321' })).body.data.id;
        const del = await env.request.delete(`/api/v1/whatsapp/contacts/${lone}`).set(team.auth);
        expect(del.status).to.equal(200);
        expect(del.body.data).to.deep.equal({ id: lone, deleted: true });
        expect((await env.request.get(`/api/v1/whatsapp/contacts/${lone}`).set(team.auth)).status).to.equal(404);

        const sandbox = await inbox(team, { channel: 'sandbox' });
        const sent = await send(team, { inbox_id: sandbox.id, phone: '11912345678', content: 'oi' }).expect(201);
        const busy = await env.request.delete(`/api/v1/whatsapp/contacts/${sent.body.data.contact_id}`).set(team.auth);
        expect(busy.status).to.equal(409);
        expect(busy.body.error.code).to.equal('CONFLICT');
      });
    });

    describe('POST /whatsapp/messages', () => {
      it('sends through the Evolution adapter and answers 201 with the message record', async () => {
        const team = await env.team();
        const evo = await evolutionInbox(team);
        const res = await send(team, { inbox_id: evo.id, phone: '(11) 98765-4321', content: 'Olá!' });
        expect(res.status).to.equal(201);
        expect(res.body.data).to.include({
          inbox_id: evo.id,
          direction: 'outbound',
          type: 'text',
          content: 'Olá!',
          status: 'sent',
          reused: false,
        });
        expect(res.body.data.provider_message_id).to.match(/^3EB0FAKE\d+$/);
        expect(Object.keys(res.body.data).sort()).to.deep.equal([
          'contact_id',
          'content',
          'conversation_id',
          'created_at',
          'direction',
          'id',
          'inbox_id',
          'provider_message_id',
          'reused',
          'status',
          'type',
        ]);
        expect(fake.requests).to.have.length(1);
        expect(fake.requests[0]).to.deep.include({ path: '/message/sendText/loja', body: { number: '5511987654321', text: 'Olá!' } });
        expect(fake.requests[0].headers.apikey).to.equal('evo-key');
      });

      it('reuses the conversation for a Brazilian variant and for conversation_id', async () => {
        const team = await env.team();
        const evo = await evolutionInbox(team);
        const first = await send(team, { inbox_id: evo.id, phone: '5511987654321', content: 'a' }).expect(201);
        const variant = await send(team, { inbox_id: evo.id, phone: '11 8765-4321', content: 'b' }).expect(201);
        expect(variant.body.data).to.include({
          conversation_id: first.body.data.conversation_id,
          contact_id: first.body.data.contact_id,
          reused: true,
        });
        const byId = await send(team, { conversation_id: first.body.data.conversation_id, content: 'c' }).expect(201);
        expect(byId.body.data.conversation_id).to.equal(first.body.data.conversation_id);
        expect(fake.requests.map((r) => (r.body as any).number)).to.deep.equal(['5511987654321', '5511987654321', '5511987654321']);
        const contacts = await env.request.get('/api/v1/whatsapp/contacts').set(team.auth);
        expect(contacts.body.pagination.total).to.equal(1);
      });

      it('answers 502 BAD_GATEWAY when the provider fails or hangs', async () => {
        const team = await env.team();
        const evo = await evolutionInbox(team);
        fake.fail(500, { status: 500, error: 'Internal Server Error', response: { message: 'Connection Closed' } });
        const failed = await send(team, { inbox_id: evo.id, phone: '11987654321', content: 'a' });
        expect(failed.status).to.equal(502);
        expect(failed.body).to.deep.include({ success: false });
        expect(failed.body.error.code).to.equal('BAD_GATEWAY');
        fake.hang();
        const started = Date.now();
        const hung = await send(team, { inbox_id: evo.id, phone: '11987654321', content: 'b' });
        expect(hung.status).to.equal(502);
        expect(Date.now() - started).to.be.lessThan(5000);
      });

      it('answers 502 BAD_GATEWAY and calls nothing when an inbox gateway is this API itself', async () => {
        const team = await env.team();
        const self = await inbox(team, {
          channel: 'evolution',
          baseUrl: `http://127.0.0.1:${runtime.config.port}`,
          instance: 'loja',
          apiKey: 'evo-key',
        });
        const res = await send(team, { inbox_id: self.id, phone: '11987654321', content: 'a' });
        expect(res.status).to.equal(502);
        expect(res.body.error.code).to.equal('BAD_GATEWAY');
        expect(fake.requests).to.have.length(0);
      });

      it('refuses free text on a Cloud API inbox outside the window (409), then sends after a signed inbound message', async () => {
        const team = await env.team();
        const { inbox: cloud, phoneNumberId } = await cloudInbox(team);
        const closed = await send(team, { inbox_id: cloud.id, phone: '+55 11 98765-4321', content: 'Olá' });
        expect(closed.status).to.equal(409);
        expect(closed.body.error.code).to.equal('customer_service_window_closed');
        expect(fake.requests).to.have.length(0);

        // the customer writes, from the number WhatsApp knows without the 9th digit
        const hook = await postWebhook(metaTextMessage(phoneNumberId, '551187654321', 'wamid.IN1'));
        expect(hook.status).to.equal(200);

        const open = await send(team, { inbox_id: cloud.id, phone: '+55 11 98765-4321', content: 'Olá' });
        expect(open.status).to.equal(201);
        expect(open.body.data).to.include({ status: 'sent', reused: true });
        expect(open.body.data.provider_message_id).to.match(/^wamid\.FAKE/);
        expect(fake.requests).to.have.length(1);
        expect(fake.requests[0].path).to.equal(`/v23.0/${phoneNumberId}/messages`);
        expect(fake.requests[0].headers.authorization).to.equal('Bearer EAAG-test-token');
        expect(fake.requests[0].body).to.deep.include({
          messaging_product: 'whatsapp',
          to: '551187654321',
          type: 'text',
          text: { preview_url: false, body: 'Olá' },
        });

        const contact = await env.request.get(`/api/v1/whatsapp/contacts/${open.body.data.contact_id}`).set(team.auth);
        expect(contact.body.data).to.include({ phone: '551187654321', push_name: 'Sheena Nelson' });
      });

      it('settles delivery statuses from the webhook, never backwards, keeping a failure reason', async () => {
        const team = await env.team();
        const { inbox: cloud, phoneNumberId } = await cloudInbox(team);
        await postWebhook(metaTextMessage(phoneNumberId, '5511987654321', 'wamid.IN2')).expect(200);
        const a = (await send(team, { inbox_id: cloud.id, phone: '5511987654321', content: 'a' }).expect(201)).body.data;
        const b = (await send(team, { inbox_id: cloud.id, phone: '5511987654321', content: 'b' }).expect(201)).body.data;
        const messages = runtime.container.get<MessageRepository>(WHATSAPP_TOKENS.MessageRepository);
        const t = { teamId: team.teamId };

        await postWebhook(statusPayload(phoneNumberId, a.provider_message_id, 'read')).expect(200);
        await postWebhook(statusPayload(phoneNumberId, a.provider_message_id, 'delivered')).expect(200);
        expect((await messages.findById(t, a.id))?.status).to.equal('read');

        await postWebhook(
          statusPayload(phoneNumberId, b.provider_message_id, 'failed', [
            { code: 131026, title: 'Message undeliverable', error_data: { details: 'Receiver incapable' } },
          ]),
        ).expect(200);
        expect(await messages.findById(t, b.id)).to.deep.include({
          status: 'failed',
          error: { code: '131026', title: 'Message undeliverable', detail: 'Receiver incapable' },
        });
      });

      it("reads one message with its status history, and hides other teams' messages", async () => {
        const team = await env.team();
        const { inbox: cloud, phoneNumberId } = await cloudInbox(team);
        await postWebhook(metaTextMessage(phoneNumberId, '5511987654321', 'wamid.IN3')).expect(200);
        const a = (await send(team, { inbox_id: cloud.id, phone: '5511987654321', content: 'Olá, João' }).expect(201)).body.data;
        await postWebhook(statusPayload(phoneNumberId, a.provider_message_id, 'read')).expect(200);
        await postWebhook(statusPayload(phoneNumberId, a.provider_message_id, 'delivered')).expect(200);

        const one = (await env.request.get(`/api/v1/whatsapp/messages/${a.id}`).set(team.auth).expect(200)).body.data;
        expect(one).to.deep.include({ id: a.id, direction: 'outbound', text: 'Olá, João', status: 'read', template: null });
        const { sent_at, delivered_at, read_at, failed_at } = one.status_history;
        expect(Date.parse(read_at)).to.be.at.least(Date.parse(sent_at));
        // delivered came after read: it moved nothing, so it has no time
        expect([delivered_at, failed_at]).to.deep.equal([null, null]);
        const listed = (await env.request.get(`/api/v1/whatsapp/conversations/${a.conversation_id}/messages`).set(team.auth).expect(200))
          .body.data;
        expect(listed.find((m: { id: string }) => m.id === a.id)).to.deep.equal(one);

        const other = await env.team();
        await env.request.get(`/api/v1/whatsapp/messages/${a.id}`).set(other.auth).expect(404);
        await env.request.get('/api/v1/whatsapp/messages/not-a-uuid').set(team.auth).expect(404);
      });

      it('answers 400 with the field for a bad body and 404 for an unknown or foreign inbox or conversation', async () => {
        const team = await env.team();
        const other = await env.team();
        const foreign = await inbox(other, { channel: 'sandbox' });
        const cases: [object, number, string][] = [
          [{ phone: '11987654321' }, 400, 'content'],
          [{ content: 'a' }, 400, 'inbox_id'],
          [{ content: 'a', conversation_id: 'nope' }, 400, 'conversation_id'],
          [{ content: 'a', inbox_id: foreign.id, phone: '11987654321' }, 404, 'inbox_id'],
          [{ content: 'a', conversation_id: '0190b000-0000-7000-8000-000000000001' }, 404, 'conversation_id'],
          [{ content: 42, conversation_id: '0190b000-0000-7000-8000-000000000001' }, 400, 'content'],
        ];
        for (const [body, status, field] of cases) {
          const res = await send(team, body);
          expect(res.status, JSON.stringify(body)).to.equal(status);
          expect(res.body.error.details, JSON.stringify(body)).to.deep.include({ field });
        }
        expect(fake.requests).to.have.length(0);
      });

      it('needs an API key', async () => {
        expect((await env.request.post('/api/v1/whatsapp/messages').send({ content: 'a' })).status).to.equal(401);
      });
    });

    describe('Cloud API webhook', () => {
      it('answers the verify-token handshake with the challenge, and 401 for a wrong token', async () => {
        const ok = await env.request.get(`${WEBHOOK}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
        expect(ok.status).to.equal(200);
        expect(ok.text).to.equal('1158201444');
        const wrong = await env.request.get(`${WEBHOOK}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`);
        expect(wrong.status).to.equal(401);
        expect(wrong.body.error.code).to.equal('UNAUTHORIZED');
      });

      it('refuses a delivery with a bad or missing signature and records nothing', async () => {
        const team = await env.team();
        const { inbox: cloud, phoneNumberId } = await cloudInbox(team);
        const payload = metaTextMessage(phoneNumberId, '5511987654321', 'wamid.FORGED');
        const forged = await postWebhook(payload, sign(JSON.stringify(payload), 'not-the-secret'));
        expect(forged.status).to.equal(401);
        expect(forged.body.error.code).to.equal('UNAUTHORIZED');
        const unsigned = await env.request.post(WEBHOOK).send(payload);
        expect(unsigned.status).to.equal(401);
        // the signature covers the exact bytes: the same JSON re-spaced does not pass
        const respaced = await postWebhook(payload, sign(JSON.stringify(payload, null, 2)));
        expect(respaced.status).to.equal(401);

        expect((await env.request.get('/api/v1/whatsapp/contacts').set(team.auth)).body.pagination.total).to.equal(0);
        expect((await send(team, { inbox_id: cloud.id, phone: '5511987654321', content: 'a' })).status).to.equal(409);
      });

      it('records a redelivered message once', async () => {
        const team = await env.team();
        const { phoneNumberId } = await cloudInbox(team);
        const payload = metaTextMessage(phoneNumberId, '5511987654321', 'wamid.TWICE');
        const first = await postWebhook(payload).expect(200);
        const second = await postWebhook(payload).expect(200);
        expect(first.body.data.messages).to.equal(1);
        expect(second.body.data.messages).to.equal(0);
        const inbox = (await runtime.container.get<InboxRepository>(WHATSAPP_TOKENS.InboxRepository).findByPhoneNumberId(phoneNumberId))!;
        const recorded = await runtime.container
          .get<MessageRepository>(WHATSAPP_TOKENS.MessageRepository)
          .findByProviderMessageId({ teamId: team.teamId }, inbox.id, 'wamid.TWICE');
        expect(recorded).to.deep.include({ direction: 'inbound', status: 'received', content: 'Olá, tudo bem? 👋' });
      });
    });

    describe('workspace-admin inbox create', () => {
      const cli = async (...argv: string[]) => {
        const out: string[] = [];
        const err: string[] = [];
        const code = await runCli(
          [...argv, '--json'],
          operatorCommands(runtime.container, () => runtime),
          { out: (t) => out.push(t), err: (t) => err.push(t) },
        );
        return { code, out, err };
      };

      it('creates an inbox and prints it without secrets', async () => {
        const team = await env.team();
        const r = await cli(
          'inbox',
          'create',
          '--team',
          team.teamId,
          '--name',
          'Vendas',
          '--channel',
          'cloud_api',
          '--phone-number-id',
          `cli-${backend}`,
          '--access-token',
          'SECRET-TOKEN',
        );
        expect(r.code).to.equal(0);
        expect(r.out).to.have.length(1);
        const printed = JSON.parse(r.out[0]);
        expect(Object.keys(printed).sort()).to.deep.equal(['channel', 'id', 'is_active', 'name']);
        expect(printed).to.include({ name: 'Vendas', channel: 'cloud_api', is_active: true });
        expect(r.out[0]).to.not.contain('SECRET-TOKEN');
      });

      it('fails with exit 1 for a missing credential, an unknown team or a metadata base URL', async () => {
        const team = await env.team();
        expect(
          (await cli('inbox', 'create', '--team', team.teamId, '--name', 'X', '--channel', 'cloud_api', '--phone-number-id', 'x')).code,
        ).to.equal(1);
        expect(
          (await cli('inbox', 'create', '--team', '0190b000-0000-7000-8000-00000000dead', '--name', 'X', '--channel', 'sandbox')).code,
        ).to.equal(1);
        const meta = await cli(
          'inbox',
          'create',
          '--team',
          team.teamId,
          '--name',
          'X',
          '--channel',
          'evolution',
          '--base-url',
          'http://169.254.169.254',
          '--instance',
          'i',
          '--api-key',
          'k',
        );
        expect(meta.code).to.equal(1);
        expect(meta.out).to.have.length(0);
      });
    });
  });
}

describe('WhatsApp API: providers on private networks, not allowed (the default) [memory]', () => {
  let fake: FakeWhatsAppProvider;
  let runtime: Runtime & { dispose(): Promise<void> };
  before(async () => {
    fake = await FakeWhatsAppProvider.start();
    runtime = await startRuntime('memory', { whatsapp: { cloudApiUrl: `${fake.url}/v23.0` } });
  });
  after(async () => {
    await runtime?.dispose();
    await fake?.close();
  });

  it('answers 502 BAD_GATEWAY without calling a gateway on loopback', async () => {
    const env = httpEnvOf(runtime);
    const team = await env.team();
    const evo = await runtime.container
      .get(CreateInbox)
      .execute(team, { name: 'Evo', channel: 'evolution', baseUrl: fake.url, instance: 'loja', apiKey: 'evo-key' });
    const res = await env.request
      .post('/api/v1/whatsapp/messages')
      .set(team.auth)
      .send({ inbox_id: evo.id, phone: '11987654321', content: 'a' });
    expect(res.status).to.equal(502);
    expect(res.body.error.code).to.equal('BAD_GATEWAY');
    expect(fake.requests).to.have.length(0);
  });
});
