// Inbound traffic as Evolution API v2 posts it to an inbox's webhook (tests/support/evolution-payloads.ts).
import { expect } from 'chai';
import { runCli } from '../../../adapters/cli/cli';
import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { Runtime } from '../../../bootstrap/container';
import { operatorCommands } from '../../../bootstrap/cli-main';
import { InboxData } from '../../../domain/whatsapp/inbox';
import { backendNames, startRuntime } from '../../support/backends';
import {
  CUSTOMER,
  CUSTOMER_8_DIGITS,
  MESSAGE_FIXTURES,
  connectionData,
  evolutionBody,
  jid,
  updateData,
  upsertData,
} from '../../support/evolution-payloads';
import { HttpEnv, TestTeam, httpEnvOf } from '../../support/http';
import { sampleOf } from '../../support/metrics-text';
import { FakeWhatsAppProvider } from '../../support/fake-whatsapp-provider';

type Json = Record<string, any>;
const API_KEY = 'B6D711FCDE4D4FD5936544120E713976';
const ZERO = { messages: 0, sent: 0, statuses: 0, connection_updates: 0, ignored_groups: 0, ignored: 0 };
const webhook = (inboxId: string) => `/api/v1/whatsapp/evolution/${inboxId}/webhook`;

for (const backend of backendNames()) {
  describe(`WhatsApp Evolution webhook [${backend}]`, function () {
    let runtime: Runtime & { dispose(): Promise<void> };
    let env: HttpEnv;
    let gateway: FakeWhatsAppProvider;

    before(async function () {
      this.timeout(60000);
      gateway = await FakeWhatsAppProvider.start();
      runtime = await startRuntime(backend, { providerAllowPrivateNetworks: true });
      env = httpEnvOf(runtime);
    });
    after(async () => {
      await runtime?.dispose();
      await gateway?.close();
    });
    beforeEach(() => gateway.reset());

    const evolutionInbox = (team: TestTeam, apiKey = API_KEY): Promise<InboxData> =>
      runtime.container
        .get(CreateInbox)
        .execute(team, { name: 'Evo', channel: 'evolution', baseUrl: gateway.url, instance: 'loja', apiKey });
    const post = (inbox: { id: string }, body: object, status = 200) =>
      env.request.post(webhook(inbox.id)).set('content-type', 'application/json').send(body).expect(status);
    const upsert = (inbox: InboxData, data: Json, event = 'messages.upsert') => post(inbox, evolutionBody(event, data, API_KEY));
    const get = (team: TestTeam, path: string) => env.request.get(`/api/v1${path}`).set(team.auth);
    const conversationsOf = async (team: TestTeam, inbox: InboxData) =>
      (await get(team, `/whatsapp/conversations?inbox_id=${inbox.id}`).expect(200)).body.data as Json[];
    const messagesOf = async (team: TestTeam, conversationId: string) =>
      (await get(team, `/whatsapp/conversations/${conversationId}/messages?limit=100`).expect(200)).body.data as Json[];
    const allMessages = async (team: TestTeam, inbox: InboxData) => {
      const all: Json[] = [];
      for (const c of await conversationsOf(team, inbox)) all.push(...(await messagesOf(team, c.id)));
      return all;
    };
    const cli = async (...argv: string[]) => {
      const out: string[] = [];
      await runCli(
        [...argv, '--json'],
        operatorCommands(runtime.container, () => runtime),
        { out: (t) => out.push(t), err: () => undefined },
      );
      return JSON.parse(out[0]);
    };

    it('keeps every message type Evolution delivers once, with a readable text, the media fields and the reply context', async () => {
      const team = await env.team();
      const inbox = await evolutionInbox(team);
      for (const [name, [id, type, message]] of Object.entries(MESSAGE_FIXTURES)) {
        const res = await upsert(inbox, upsertData(id, type, message));
        expect(res.body.data, name).to.deep.equal({ ...ZERO, messages: 1 });
      }
      // Evolution redelivers: the same message is stored once.
      const [id, type, message] = MESSAGE_FIXTURES.conversation;
      expect((await post(inbox, evolutionBody('MESSAGES_UPSERT', upsertData(id, type, message), API_KEY))).body.data).to.deep.equal({
        ...ZERO,
        ignored: 1,
      });

      const conversations = await conversationsOf(team, inbox);
      expect(conversations).to.have.length(1);
      const list = await messagesOf(team, conversations[0].id);
      expect(list).to.have.length(Object.keys(MESSAGE_FIXTURES).length);
      const stored = (name: string) => list.find((m) => m.provider_message_id === MESSAGE_FIXTURES[name][0])!;
      for (const m of list) expect(m).to.include({ direction: 'inbound', status: 'received', media_id: null });

      const expected: Record<string, [string, string]> = {
        conversation: ['text', 'Olá, tudo bem?'],
        extended: ['text', 'Prefiro azul'],
        image: ['image', 'Nota fiscal'],
        video: ['video', 'Como ficou'],
        voice: ['audio', '[audio]'],
        document: ['document', '[document] orcamento.pdf'],
        documentWithCaption: ['document', 'Contrato assinado'],
        sticker: ['sticker', '[sticker]'],
        location: ['location', 'MASP, Av. Paulista, 1578'],
        pin: ['location', '[location] -22.951916, -43.210487'],
        contact: ['contacts', 'Maria Souza (+55 21 99888-7777)'],
        contacts: ['contacts', 'Ana (+55 31 98888-7777); Bruno'],
        reaction: ['reaction', 'Reacted 👍 to 3EB0OUTBOUND00001'],
        buttons: ['interactive', 'Confirmar (confirmar)'],
        list: ['interactive', 'Entrega expressa (expressa)'],
        template: ['button', 'Parar promoções (parar-promocoes)'],
        poll: ['pollCreationMessageV3', '[pollCreationMessageV3]'],
      };
      for (const [name, [type, text]] of Object.entries(expected)) expect(stored(name), name).to.include({ type, text });

      expect(stored('image')).to.include({
        mime_type: 'image/jpeg',
        sha256: 'vG1S3v6ogC1nqoUgc3r8vyD5sjpV2jG9hpbdcsvSuHQ=',
        filename: null,
      });
      expect(stored('image').raw.message.imageMessage.directPath).to.equal('/o1/v/t62.7118-24/f1/m231/up-oil-image.enc');
      expect(stored('voice')).to.include({ mime_type: 'audio/ogg; codecs=opus' });
      expect(stored('voice').raw.message.audioMessage.ptt).to.equal(true);
      expect(stored('document')).to.include({
        mime_type: 'application/pdf',
        filename: 'orcamento.pdf',
        sha256: 'ZG9jLXNoYTI1Ni1iYXNlNjQ=',
      });
      expect(stored('documentWithCaption')).to.include({ filename: 'contrato.pdf' });
      expect(stored('video')).to.include({ filename: 'obra.mp4', mime_type: 'video/mp4' });
      expect(stored('conversation')).to.include({ mime_type: null, sha256: null, filename: null });
      const quote = { id: '3EB0A1B2C3D4E5F60718', from: '5511955554444@s.whatsapp.net' };
      expect(stored('extended').context).to.deep.equal(quote);
      expect(stored('buttons').context).to.deep.equal(quote);
      expect(stored('reaction').context).to.deep.equal({ id: '3EB0OUTBOUND00001', from: null });

      const [contactId] = new Set(list.map((m) => m.contact_id));
      const contact = (await get(team, `/whatsapp/contacts/${contactId}`).expect(200)).body.data;
      expect(contact).to.include({ phone: CUSTOMER, push_name: 'João Pedro Araújo' });
      expect(conversations[0].last_inbound_at).to.not.equal(null);
    });

    it('takes the event as written either way, and the apikey from the header when the body has none or another', async () => {
      const team = await env.team();
      const inbox = await evolutionInbox(team);
      const res = await env.request
        .post(webhook(inbox.id))
        .set('apikey', API_KEY)
        .send(evolutionBody('MESSAGES_UPSERT', upsertData('3EB0HEADER0000001', 'conversation', { conversation: 'Oi' }), undefined))
        .expect(200);
      expect(res.body.data).to.deep.equal({ ...ZERO, messages: 1 });
      // The body carries the instance's own token; the header the key the inbox was configured with.
      const withToken = evolutionBody(
        'messages.upsert',
        upsertData('3EB0HEADER0000002', 'conversation', { conversation: 'Oi' }),
        'B6D7-instance-token',
      );
      await env.request.post(webhook(inbox.id)).set('apikey', API_KEY).send(withToken).expect(200);
      await env.request.post(webhook(inbox.id)).set('apikey', 'wrong').send(withToken).expect(401);
      expect(await allMessages(team, inbox)).to.have.length(2);
    });

    it('reads the number of a @lid chat from the phone JID beside it, and skips one without it', async () => {
      const team = await env.team();
      const inbox = await evolutionInbox(team);
      await upsert(inbox, upsertData('3EB0PHONE00000001', 'conversation', { conversation: 'Pelo número' }));
      // WhatsApp's newer addressing: the chat is a LID, and Evolution adds the phone JID as remoteJidAlt.
      const lid = (id: string, extra: Json) =>
        upsertData(
          id,
          'conversation',
          { conversation: 'Pelo LID' },
          { key: { remoteJid: '272516946294519@lid', fromMe: false, id, ...extra } },
        );
      const withAlt = await upsert(inbox, lid('3EB0LID0000000001', { remoteJidAlt: jid(CUSTOMER), addressingMode: 'lid' }));
      expect(withAlt.body.data).to.deep.equal({ ...ZERO, messages: 1 });
      expect((await upsert(inbox, lid('3EB0LID0000000002', {}))).body.data).to.deep.equal({ ...ZERO, ignored: 1 });
      const conversations = await conversationsOf(team, inbox);
      expect(conversations).to.have.length(1);
      expect((await messagesOf(team, conversations[0].id)).map((m) => m.text).sort()).to.deep.equal(['Pelo LID', 'Pelo número']);
    });

    it('matches the 8-digit spelling of a Brazilian mobile to the same contact and conversation', async () => {
      const team = await env.team();
      const inbox = await evolutionInbox(team);
      await upsert(inbox, upsertData('3EB0NINEDIGIT0001', 'conversation', { conversation: 'Primeira' }));
      await upsert(
        inbox,
        upsertData(
          '3EB0EIGHTDIGIT001',
          'conversation',
          { conversation: 'Segunda' },
          { key: { remoteJid: jid(CUSTOMER_8_DIGITS), fromMe: false, id: '3EB0EIGHTDIGIT001' } },
        ),
      );
      const conversations = await conversationsOf(team, inbox);
      expect(conversations).to.have.length(1);
      expect((await messagesOf(team, conversations[0].id)).map((m) => m.text).sort()).to.deep.equal(['Primeira', 'Segunda']);
    });

    it('refuses a wrong or missing apikey, an unknown or malformed inbox and another channel with 401, storing nothing', async () => {
      const team = await env.team();
      const inbox = await evolutionInbox(team);
      const sandbox = await runtime.container.get(CreateInbox).execute(team, { name: 'Sandbox', channel: 'sandbox' });
      const data = upsertData('3EB0REFUSED000001', 'conversation', { conversation: 'Oi' });
      const refused = [
        [inbox.id, evolutionBody('messages.upsert', data, 'wrong-key')],
        [inbox.id, evolutionBody('messages.upsert', data, `${API_KEY}X`)],
        [inbox.id, evolutionBody('messages.upsert', data, undefined)],
        ['0190b000-0000-7000-8000-00000000dead', evolutionBody('messages.upsert', data, API_KEY)],
        ['not-an-id', evolutionBody('messages.upsert', data, API_KEY)],
        [sandbox.id, evolutionBody('messages.upsert', data, API_KEY)],
      ] as const;
      for (const [id, body] of refused) {
        const res = await post({ id }, body, 401);
        expect(res.body, id).to.deep.include({ success: false });
        expect(res.body.error.code).to.equal('UNAUTHORIZED');
      }
      expect(await allMessages(team, inbox)).to.have.length(0);
      expect(await conversationsOf(team, inbox)).to.have.length(0);
      expect((await get(team, '/events').expect(200)).body.data).to.deep.equal([]);
    });

    it('ignores messages of groups, broadcasts, statuses and channels, and events it does not keep', async () => {
      const team = await env.team();
      const inbox = await evolutionInbox(team);
      const chats = ['120363041967849074@g.us', 'status@broadcast', '1733150000@broadcast', '120363196534567890@newsletter'];
      for (const [n, remoteJid] of chats.entries()) {
        const data = upsertData(
          `3EB0GROUP00000${n}`,
          'conversation',
          { conversation: 'Bom dia, grupo' },
          {
            key: { remoteJid, fromMe: false, id: `3EB0GROUP00000${n}`, participant: jid(CUSTOMER) },
          },
        );
        expect((await upsert(inbox, data)).body.data).to.deep.equal({ ...ZERO, ignored_groups: 1 });
      }
      for (const event of ['qrcode.updated', 'CONTACTS_UPSERT', 'chats.update', 'presence.update']) {
        const res = await post(inbox, evolutionBody(event, [{ remoteJid: jid(CUSTOMER), pushName: 'João' }], API_KEY));
        expect(res.body.data, event).to.deep.equal({ ...ZERO, ignored: 1 });
      }
      expect(await conversationsOf(team, inbox)).to.have.length(0);
    });

    it('keeps a message sent from the business phone as outbound and sent, once, without opening the window', async () => {
      const team = await env.team();
      const inbox = await evolutionInbox(team);
      const fromPhone = upsertData(
        '3EB0FROMPHONE0001',
        'conversation',
        { conversation: 'Seu pedido saiu' },
        {
          key: { remoteJid: jid(CUSTOMER), fromMe: true, id: '3EB0FROMPHONE0001' },
          pushName: 'Loja',
        },
      );
      expect((await upsert(inbox, fromPhone)).body.data).to.deep.equal({ ...ZERO, sent: 1 });
      // The same message echoed again (`send.message`, or a redelivery) is already there.
      expect((await upsert(inbox, fromPhone, 'send.message')).body.data).to.deep.equal({ ...ZERO, ignored: 1 });

      const [conversation] = await conversationsOf(team, inbox);
      expect(conversation).to.include({ last_inbound_at: null });
      expect(conversation.last_message_at).to.not.equal(null);
      const list = await messagesOf(team, conversation.id);
      expect(list).to.have.length(1);
      expect(list[0]).to.include({ direction: 'outbound', status: 'sent', type: 'text', text: 'Seu pedido saiu' });
      // The business's own name is not taken for the customer's.
      const contact = (await get(team, `/whatsapp/contacts/${list[0].contact_id}`).expect(200)).body.data;
      expect(contact).to.include({ push_name: null });

      const events = (await get(team, '/events?type=whatsapp.message.sent').expect(200)).body.data as Json[];
      expect(events.map((e) => e.data.object.id)).to.deep.equal([list[0].id]);
    });

    it('moves an outbound message to the furthest status whatever the order, and never back from read', async () => {
      const team = await env.team();
      const inbox = await evolutionInbox(team);
      const id = '3EB0STATUSES00001';
      await upsert(
        inbox,
        upsertData(id, 'conversation', { conversation: 'Confirmado' }, { key: { remoteJid: jid(CUSTOMER), fromMe: true, id } }),
      );
      const statuses = ['DELIVERY_ACK', 'PENDING', 'READ', 'SERVER_ACK', 4, 'PLAYED'];
      const counted = { statuses: 0, ignored: 0 };
      for (const status of statuses) {
        const res = await post(inbox, evolutionBody('MESSAGES_UPDATE', updateData(id, status), API_KEY));
        counted.statuses += res.body.data.statuses;
        counted.ignored += res.body.data.ignored;
      }
      expect(counted).to.deep.equal({ statuses: 2, ignored: 4 });
      expect((await post(inbox, evolutionBody('messages.update', updateData(id, 'ERROR'), API_KEY))).body.data).to.deep.equal({
        ...ZERO,
        ignored: 1,
      });
      // A status of a message the inbox does not have changes nothing.
      expect(
        (await post(inbox, evolutionBody('messages.update', updateData('3EB0UNKNOWN000001', 'READ'), API_KEY))).body.data.ignored,
      ).to.equal(1);

      const [message] = await allMessages(team, inbox);
      expect(message).to.include({ provider_message_id: id, status: 'read', error: null });
      const changed = (await get(team, '/events?type=whatsapp.message.status_changed').expect(200)).body.data as Json[];
      expect(changed.map((e) => e.data.object.status).sort()).to.deep.equal(['delivered', 'read']);
    });

    it('writes whatsapp.contact.created and whatsapp.message.received for a customer message, readable in /events', async () => {
      const team = await env.team();
      const inbox = await evolutionInbox(team);
      await upsert(inbox, upsertData('3EB0EVENTS0000001', 'conversation', { conversation: 'Quero um orçamento' }));
      const events = (await get(team, '/events').expect(200)).body.data as Json[];
      const types = events.map((e) => e.type);
      expect(types).to.include.members(['whatsapp.contact.created', 'whatsapp.message.received']);
      const received = events.find((e) => e.type === 'whatsapp.message.received')!;
      expect(received.data.object).to.include({
        text: 'Quero um orçamento',
        provider_message_id: '3EB0EVENTS0000001',
        direction: 'inbound',
      });
    });

    it('keeps one message when Evolution echoes a send of this API before it answers it, or after', async () => {
      const team = await env.team();
      const inbox = await evolutionInbox(team);
      const echo = (id: string, text: string) =>
        post(
          inbox,
          evolutionBody(
            'send.message',
            upsertData(id, 'conversation', { conversation: text }, { key: { remoteJid: jid(CUSTOMER), fromMe: true, id } }),
            API_KEY,
          ),
        );
      const send = (body: object) =>
        env.request
          .post('/api/v1/whatsapp/messages')
          .set(team.auth)
          .send({ inbox_id: inbox.id, phone: CUSTOMER, ...body })
          .expect(201);

      // The echo comes first: it settles the send waiting for it, and the send's answer then changes nothing.
      const echoes: unknown[] = [];
      gateway.beforeEvolutionAnswer = async (id, body) => {
        echoes.push((await echo(id, body.text)).body.data);
      };
      const first = (await send({ content: 'Olá, Conceição! Segue a proposta.' })).body.data;
      expect(echoes).to.deep.equal([{ ...ZERO, sent: 1 }]);
      expect(first.status).to.equal('sent');
      expect(first.provider_message_id).to.match(/^3EB0FAKE/);
      // The echo comes after: that provider id is already stored.
      gateway.beforeEvolutionAnswer = null;
      const second = (await send({ content: 'Qualquer dúvida, estou à disposição.' })).body.data;
      expect((await echo(second.provider_message_id, 'Qualquer dúvida, estou à disposição.')).body.data).to.deep.equal({
        ...ZERO,
        ignored: 1,
      });

      const stored = await allMessages(team, inbox);
      expect(stored.map((m) => [m.id, m.provider_message_id, m.status, m.text]).sort()).to.deep.equal(
        [
          [first.id, first.provider_message_id, 'sent', 'Olá, Conceição! Segue a proposta.'],
          [second.id, second.provider_message_id, 'sent', 'Qualquer dúvida, estou à disposição.'],
        ].sort(),
      );
      const sentEvents = (await get(team, '/events?limit=100').expect(200)).body.data.filter(
        (e: Json) => e.type === 'whatsapp.message.sent',
      );
      expect(sentEvents.map((e: Json) => e.data.object.id).sort()).to.deep.equal([first.id, second.id].sort());
    });

    it('keeps the connection state on the inbox, shown by inbox list, an older report never overwriting a newer one', async () => {
      const team = await env.team();
      const inbox = await evolutionInbox(team);
      const state = async () => (await cli('inbox', 'list', '--team', team.teamId)).data.find((i: Json) => i.id === inbox.id);
      expect(await state()).to.include({ connection_state: null, connection_state_at: null });

      const t0 = new Date(Date.now() - 60_000).toISOString();
      const t1 = new Date(Date.now() - 30_000).toISOString();
      const report = (s: string, at: string) => post(inbox, evolutionBody('CONNECTION_UPDATE', connectionData(s), API_KEY, at));
      const disconnected = async () => sampleOf((await env.request.get('/metrics').expect(200)).text, 'whatsapp_inboxes_disconnected');
      expect((await report('open', t0)).body.data).to.deep.equal({ ...ZERO, connection_updates: 1 });
      const before = await disconnected();
      expect(before).to.be.a('number');
      expect((await report('close', t1)).body.data).to.deep.equal({ ...ZERO, connection_updates: 1 });
      // Delivered late: older than the state kept.
      expect((await report('connecting', t0)).body.data).to.deep.equal({ ...ZERO, ignored: 1 });
      expect(await state()).to.include({ connection_state: 'close', connection_state_at: t1 });
      // The operator's gauge counts the number that went down.
      expect(await disconnected()).to.equal(before! + 1);
    });
  });
}
