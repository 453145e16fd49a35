// Inbound traffic as Meta sends it: every message is one of `META_MESSAGES`, written from the WhatsApp Cloud
// API documentation, "Messages webhook reference", with the page's example values; only the timestamps
// are now, so that the 24-hour window is open.
import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { runCli } from '../../../adapters/cli/cli';
import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { Runtime } from '../../../bootstrap/container';
import { operatorCommands } from '../../../bootstrap/cli-main';
import { backendNames } from '../../support/backends';
import { FakeWhatsAppProvider } from '../../support/fake-whatsapp-provider';
import { startWhatsAppRuntime, stopWhatsAppRuntime } from '../../support/whatsapp-runtime';
import { META_AD_REFERRAL, META_BUSINESS_NUMBER, META_MESSAGES, metaEnvelope } from '../../support/meta-payloads';
import { HttpEnv, TestTeam } from '../../support/http';

const APP_SECRET = 'app-secret-for-tests';
const WEBHOOK = '/api/v1/whatsapp/cloud/webhook';

const SHEENA = '16505551234';

const sign = (raw: string) => `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
const now = () => String(Math.floor(Date.now() / 1000));
type Json = Record<string, any>;

/** Incoming messages carry the sender's profile (system messages do not). */
const fromSheena = (phoneNumberId: string, message: Json, from = SHEENA) =>
  metaEnvelope(phoneNumberId, {
    contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: from }],
    messages: [{ from, timestamp: now(), ...message }],
  });

let pn = 0;

for (const backend of backendNames()) {
  describe(`WhatsApp inbound traffic and conversations [${backend}]`, function () {
    let fake: FakeWhatsAppProvider;
    let runtime: Runtime & { dispose(): Promise<void> };
    let env: HttpEnv;

    before(async function () {
      this.timeout(60000);
      ({ fake, runtime, env } = await startWhatsAppRuntime(backend, { appSecret: APP_SECRET, verifyToken: 'v' }));
    });
    after(() => stopWhatsAppRuntime({ fake, runtime }));

    const cloudInbox = async (team: TestTeam) => {
      const phoneNumberId = `20654035224${backend.length}${++pn}`;
      const inbox = await runtime.container
        .get(CreateInbox)
        .execute(team, { name: 'Cloud', channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG' });
      return { phoneNumberId, inbox };
    };
    const post = (body: object) => {
      const raw = JSON.stringify(body);
      return env.request.post(WEBHOOK).set('content-type', 'application/json').set('x-hub-signature-256', sign(raw)).send(raw).expect(200);
    };
    const get = (team: TestTeam, path: string) => env.request.get(`/api/v1${path}`).set(team.auth);
    const conversationsOf = async (team: TestTeam, query = '') => (await get(team, `/whatsapp/conversations${query}`).expect(200)).body;
    const messagesOf = async (team: TestTeam, conversationId: string, query = '?limit=100') =>
      (await get(team, `/whatsapp/conversations/${conversationId}/messages${query}`).expect(200)).body;
    const cli = async (...argv: string[]) => {
      const out: string[] = [];
      const code = await runCli(
        [...argv, '--json'],
        operatorCommands(runtime.container, () => runtime),
        { out: (t) => out.push(t), err: () => undefined },
      );
      return { code, out };
    };

    it('keeps every message type Meta documents, with a readable text, the media handle, the reply context and the raw object', async () => {
      const team = await env.team();
      const { inbox, phoneNumberId } = await cloudInbox(team);
      for (const [name, message] of Object.entries(META_MESSAGES)) {
        const res = await post(fromSheena(phoneNumberId, message));
        expect(res.body.data, name).to.deep.equal({ messages: 1, statuses: 0, errors: 0, ignored: 0 });
      }

      const conversations = await conversationsOf(team, `?inbox_id=${inbox.id}`);
      expect(conversations.pagination).to.deep.equal({ page: 1, limit: 20, total: 1, pages: 1 });
      const list = await messagesOf(team, conversations.data[0].id);
      expect(list.pagination.total).to.equal(Object.keys(META_MESSAGES).length);
      const byId = new Map<string, Json>(list.data.map((m: Json) => [m.provider_message_id, m]));
      const stored = (name: string) => byId.get(META_MESSAGES[name].id)!;
      const noMedia = { media_id: null, mime_type: null, sha256: null, filename: null, media_url: null };

      for (const m of list.data) {
        expect(Object.keys(m).sort()).to.deep.equal([
          'contact_id',
          'context',
          'conversation_id',
          'created_at',
          'direction',
          'error',
          'filename',
          'id',
          'inbox_id',
          'media_id',
          'media_url',
          'mime_type',
          'provider_message_id',
          'raw',
          'referral',
          'sha256',
          'status',
          'status_history',
          'template',
          'text',
          'type',
          'updated_at',
        ]);
        expect(m).to.include({ direction: 'inbound', status: 'received', inbox_id: inbox.id });
      }
      expect(stored('text')).to.deep.include({
        type: 'text',
        text: 'Does it come in another color?',
        context: null,
        referral: null,
        error: null,
        ...noMedia,
      });
      expect(stored('text').raw).to.deep.equal({ from: SHEENA, timestamp: stored('text').raw.timestamp, ...META_MESSAGES.text });
      expect(stored('image')).to.deep.include({
        type: 'image',
        text: 'Sample image caption',
        media_id: '1003383421387256',
        mime_type: 'image/jpeg',
        sha256: 'SfInY0gHMdU5JcNSPn8Lx1+U8hTlG9Ffgx5WhaT8UlE=',
        filename: null,
        media_url: META_MESSAGES.image.image.url,
        template: null,
        status_history: { sent_at: null, delivered_at: null, read_at: null, failed_at: null },
      });
      expect(stored('audio')).to.deep.include({
        type: 'audio',
        text: '[audio]',
        media_id: '1128393389108470',
        mime_type: 'audio/ogg; codecs=opus',
      });
      expect(stored('audio').raw.audio.voice).to.equal(true);
      expect(stored('video')).to.deep.include({ type: 'video', text: 'Beach day!', media_id: '1165285285082436', mime_type: 'video/mp4' });
      expect(stored('document')).to.deep.include({
        type: 'document',
        text: '[document] receipt.pdf',
        media_id: '1315553166261486',
        mime_type: 'application/pdf',
        filename: 'receipt.pdf',
        sha256: 'pHv1Tl/Ej1a1fHLJ0tbpbqXY0cRh1mbzeAbcqmaGcXs=',
      });
      expect(stored('sticker')).to.deep.include({
        type: 'sticker',
        text: '[sticker]',
        media_id: '1384223919496669',
        mime_type: 'image/webp',
      });
      expect(stored('location')).to.deep.include({
        type: 'location',
        text: 'Meta Headquarters, 1 Hacker Way, Menlo Park, CA 94025',
        ...noMedia,
      });
      expect(stored('location').raw.location).to.include({ latitude: 37.483307, longitude: -122.148981 });
      expect(stored('pin')).to.deep.include({ type: 'location', text: '[location] -23.561414, -46.655881' });
      expect(stored('contacts')).to.deep.include({ type: 'contacts', text: 'Barbara J. Johnson (+1 (650) 555-1234)' });
      expect(stored('button_reply')).to.deep.include({
        type: 'interactive',
        text: 'Cancel (cancel-button)',
        context: { id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3NTc2MDBDMjlFMkE3NzkwNEMA', from: META_BUSINESS_NUMBER },
      });
      expect(stored('list_reply')).to.deep.include({ type: 'interactive', text: 'Express Shipping (priority_express)' });
      expect(stored('list_reply').context).to.deep.equal({
        id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJFMkRCRDdFNTRBQjhEQjdDOTEA',
        from: META_BUSINESS_NUMBER,
      });
      expect(stored('button')).to.deep.include({ type: 'button', text: 'Unsubscribe (Unsubscribe from Promos)' });
      expect(stored('button').context).to.deep.equal({
        id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJGMkQ4QTY0RjEyMzk1NDAwRTAA',
        from: META_BUSINESS_NUMBER,
      });
      expect(stored('reaction')).to.deep.include({
        type: 'reaction',
        text: 'Reacted 😀 to wamid.TEXT',
        context: { id: 'wamid.TEXT', from: null },
      });
      expect(stored('unreaction')).to.deep.include({
        type: 'reaction',
        text: 'Removed a reaction from wamid.TEXT',
        context: { id: 'wamid.TEXT', from: null },
      });
      expect(stored('order')).to.deep.include({
        type: 'order',
        text: 'Order: 2 × di9ozbzfi4 at 30 USD; 1 × nqryix03ez at 25 USD — Can you ship today?',
      });
      expect(stored('unsupported')).to.deep.include({
        type: 'unsupported',
        text: '[unsupported] poll_update',
        status: 'received',
        error: { code: '131051', title: 'Message type unknown', detail: 'Message type is currently not supported.' },
      });
      expect(stored('referral')).to.deep.include({
        type: 'text',
        text: 'Can I get more info about this?',
        referral: {
          source_url: 'https://fb.me/3cr4Wqqkv',
          source_id: '120226305854810726',
          source_type: 'ad',
          headline: 'Chat with us',
          body: 'Summer succulents are here!',
          media_type: 'image',
          image_url: 'https://scontent.xx.fbcdn.net/v/t45.1600-4/518949576_n.png',
          video_url: null,
          thumbnail_url: null,
          ctwa_clid: 'Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0N',
        },
      });
      // the customer wrote, so the window is open and free text goes out
      await env.request
        .post('/api/v1/whatsapp/messages')
        .set(team.auth)
        .send({ conversation_id: conversations.data[0].id, content: 'Yes, in blue!' })
        .expect(201);
    });

    it('answers what it stored: a redelivery, a status for no message of ours and an unknown number are ignored', async () => {
      const team = await env.team();
      const { phoneNumberId } = await cloudInbox(team);
      const body = metaEnvelope(phoneNumberId, {
        contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: SHEENA }],
        messages: [
          { from: SHEENA, timestamp: now(), ...META_MESSAGES.sticker },
          { from: SHEENA, timestamp: now(), ...META_MESSAGES.text },
        ],
        statuses: [{ id: 'wamid.NOT_OURS', status: 'delivered', timestamp: now(), recipient_id: SHEENA }],
      });
      expect((await post(body)).body.data).to.deep.equal({ messages: 2, statuses: 0, errors: 0, ignored: 1 });
      expect((await post(body)).body.data).to.deep.equal({ messages: 0, statuses: 0, errors: 0, ignored: 3 });
      expect((await post(fromSheena('no-such-number', META_MESSAGES.image))).body.data).to.deep.equal({
        messages: 0,
        statuses: 0,
        errors: 0,
        ignored: 1,
      });
      const [conversation] = (await conversationsOf(team)).data;
      expect((await messagesOf(team, conversation.id)).pagination.total).to.equal(2);
    });

    it('moves the contact to the new number of a system message, which does not open the window', async () => {
      const team = await env.team();
      const { inbox, phoneNumberId } = await cloudInbox(team);
      // "System messages webhook reference": no contacts array; `from` is the old number.
      const changed = metaEnvelope(phoneNumberId, {
        messages: [
          {
            from: SHEENA,
            id: 'wamid.SYSTEM',
            timestamp: now(),
            type: 'system',
            system: {
              body: 'User Sheena Nelson changed from 16505551234 to 12195555358',
              wa_id: '12195555358',
              type: 'user_changed_number',
            },
          },
        ],
      });
      expect((await post(changed)).body.data.messages).to.equal(1);
      const [conversation] = (await conversationsOf(team)).data;
      const contact = (await get(team, `/whatsapp/contacts/${conversation.contact_id}`).expect(200)).body.data;
      expect(contact).to.include({ phone: '12195555358', jid: '12195555358@s.whatsapp.net' });
      const [notice] = (await messagesOf(team, conversation.id)).data;
      expect(notice).to.include({ type: 'system', text: 'User Sheena Nelson changed from 16505551234 to 12195555358' });
      expect(conversation).to.include({ last_inbound_at: null });
      const closed = await env.request
        .post('/api/v1/whatsapp/messages')
        .set(team.auth)
        .send({ conversation_id: conversation.id, content: 'oi' });
      expect(closed.status).to.equal(409);
      expect(closed.body.error.code).to.equal('customer_service_window_closed');

      // the older spelling of the same notice: `customer_changed_number` with `new_wa_id`
      await post(
        metaEnvelope(phoneNumberId, {
          messages: [
            {
              from: '12195555358',
              id: 'wamid.SYSTEM2',
              timestamp: now(),
              type: 'system',
              system: {
                body: 'User Sheena Nelson changed from 12195555358 to 5511987654321',
                new_wa_id: '5511987654321',
                type: 'customer_changed_number',
              },
            },
          ],
        }),
      );
      expect((await get(team, `/whatsapp/contacts/${conversation.contact_id}`)).body.data.phone).to.equal('5511987654321');
      // and the customer writing from the new number continues the same conversation
      await post(fromSheena(phoneNumberId, { id: 'wamid.AFTER', type: 'text', text: { body: 'New number, same me' } }, '5511987654321'));
      const after = await conversationsOf(team, `?inbox_id=${inbox.id}`);
      expect(after.data.map((c: Json) => c.id)).to.deep.equal([conversation.id]);
      expect((await messagesOf(team, conversation.id)).data.map((m: Json) => m.provider_message_id)).to.have.members([
        'wamid.SYSTEM',
        'wamid.SYSTEM2',
        'wamid.AFTER',
      ]);
    });

    it('keeps the first ad as the conversation source, and each referral on its message', async () => {
      const team = await env.team();
      const { phoneNumberId } = await cloudInbox(team);
      await post(fromSheena(phoneNumberId, META_MESSAGES.referral));
      const second = {
        ...META_AD_REFERRAL,
        source_id: '999',
        ctwa_clid: 'second-click',
        media_type: 'video',
        video_url: 'https://x/v.mp4',
        thumbnail_url: 'https://x/t.jpg',
      };
      await post(fromSheena(phoneNumberId, { id: 'wamid.REFERRAL2', type: 'text', text: { body: 'Again' }, referral: second }));
      const [conversation] = (await conversationsOf(team)).data;
      expect(conversation.source).to.deep.include({
        source_id: '120226305854810726',
        ctwa_clid: 'Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0N',
      });
      expect((await get(team, `/whatsapp/conversations/${conversation.id}`)).body.data.source.source_id).to.equal('120226305854810726');
      const [newest] = (await messagesOf(team, conversation.id)).data;
      expect(newest.referral).to.include({
        source_id: '999',
        media_type: 'video',
        video_url: 'https://x/v.mp4',
        thumbnail_url: 'https://x/t.jpg',
      });
    });

    it('keeps errors about the number, readable with workspace-admin inbox errors', async () => {
      const team = await env.team();
      const { inbox, phoneNumberId } = await cloudInbox(team);
      // "Errors messages webhooks reference"
      const res = await post(
        metaEnvelope(phoneNumberId, {
          errors: [
            {
              code: 130429,
              title: 'Rate limit hit',
              message: 'Rate limit hit',
              error_data: {
                details:
                  'Message failed to send because there were too many messages sent from this phone number in a short period of time',
              },
              href: '/documentation/business-messaging/whatsapp/support/error-codes',
            },
          ],
        }),
      );
      expect(res.body.data).to.deep.equal({ messages: 0, statuses: 0, errors: 1, ignored: 0 });
      const printed = await cli('inbox', 'errors', '--team', team.teamId, '--inbox', inbox.id);
      expect(printed.code).to.equal(0);
      const { data } = JSON.parse(printed.out[0]);
      expect(data).to.have.length(1);
      expect(data[0]).to.include({
        inbox_id: inbox.id,
        code: '130429',
        title: 'Rate limit hit',
        detail: 'Message failed to send because there were too many messages sent from this phone number in a short period of time',
      });
      expect(Object.keys(data[0]).sort()).to.deep.equal(['code', 'created_at', 'detail', 'id', 'inbox_id', 'title']);
      const other = await env.team();
      expect(JSON.parse((await cli('inbox', 'errors', '--team', other.teamId)).out[0]).data).to.deep.equal([]);
      expect((await cli('inbox', 'errors', '--team', other.teamId, '--inbox', inbox.id)).code).to.equal(1);
    });

    describe('GET /whatsapp/conversations', () => {
      it("lists the team's conversations, filtered by inbox, contact and updated_since, paginated like every list", async () => {
        const team = await env.team();
        const a = await cloudInbox(team);
        const b = await cloudInbox(team);
        await post(fromSheena(a.phoneNumberId, META_MESSAGES.text));
        await post(fromSheena(a.phoneNumberId, { id: 'wamid.ANA', type: 'text', text: { body: 'oi' } }, '5511987654321'));
        await post(fromSheena(b.phoneNumberId, META_MESSAGES.text));
        const all = await conversationsOf(team, '?limit=2');
        expect(all.success).to.equal(true);
        expect(all.pagination).to.deep.equal({ page: 1, limit: 2, total: 3, pages: 2 });
        expect(Object.keys(all.data[0]).sort()).to.deep.equal([
          'channel',
          'contact_id',
          'created_at',
          'id',
          'inbox_id',
          'last_inbound_at',
          'last_message_at',
          'source',
          'updated_at',
        ]);
        expect(all.data[0]).to.include({ inbox_id: b.inbox.id, channel: 'cloud_api', source: null });

        const sheena = all.data[0].contact_id;
        expect((await conversationsOf(team, `?inbox_id=${a.inbox.id}`)).pagination.total).to.equal(2);
        expect((await conversationsOf(team, `?contact_id=${sheena}`)).data.map((c: Json) => c.inbox_id)).to.have.members([
          a.inbox.id,
          b.inbox.id,
        ]);
        expect((await conversationsOf(team, `?contact_id=${sheena}&inbox_id=${b.inbox.id}`)).pagination.total).to.equal(1);
        const since = encodeURIComponent(all.data[0].updated_at);
        expect((await conversationsOf(team, `?updated_since=${since}`)).data.map((c: Json) => c.id)).to.include(all.data[0].id);
        expect((await conversationsOf(team, '?updated_since=2999-01-01T00:00:00Z')).pagination).to.deep.equal({
          page: 1,
          limit: 20,
          total: 0,
          pages: 0,
        });
        expect((await conversationsOf(team, '?updated_since=2000-01-01T00:00:00-03:00')).pagination.total).to.equal(3);
        expect((await conversationsOf(team, '?sort=-last_message_at')).pagination.total).to.equal(3);
      });

      it('answers 404 with the field for an inbox or contact the team does not have, and 400 for a malformed filter', async () => {
        const team = await env.team();
        const other = await env.team();
        const foreign = await cloudInbox(other);
        await post(fromSheena(foreign.phoneNumberId, META_MESSAGES.text));
        const foreignContact = (await conversationsOf(other)).data[0].contact_id;
        const cases: [string, number, string, string][] = [
          [`?inbox_id=${foreign.inbox.id}`, 404, 'NOT_FOUND', 'inbox_id'],
          ['?inbox_id=0190b000-0000-7000-8000-000000000001', 404, 'NOT_FOUND', 'inbox_id'],
          [`?contact_id=${foreignContact}`, 404, 'NOT_FOUND', 'contact_id'],
          ['?inbox_id=nope', 400, 'VALIDATION_ERROR', 'inbox_id'],
          ['?contact_id=12', 400, 'VALIDATION_ERROR', 'contact_id'],
          ['?updated_since=yesterday', 400, 'VALIDATION_ERROR', 'updated_since'],
          ['?updated_since=2026-13-45T00:00:00Z', 400, 'VALIDATION_ERROR', 'updated_since'],
          ['?sort=name', 400, 'VALIDATION_ERROR', 'sort'],
          ['?limit=101', 400, 'VALIDATION_ERROR', 'limit'],
        ];
        for (const [query, status, code, field] of cases) {
          const res = await get(team, `/whatsapp/conversations${query}`);
          expect(res.status, query).to.equal(status);
          expect(res.body, query).to.deep.include({ success: false });
          expect(res.body.error, query).to.nested.include({ code, 'details.field': field });
        }
        expect((await env.request.get('/api/v1/whatsapp/conversations')).status).to.equal(401);
      });

      it('reads one conversation and its messages, newest first, only for its own team', async () => {
        const team = await env.team();
        const other = await env.team();
        const { phoneNumberId } = await cloudInbox(team);
        const sent = Math.floor(Date.now() / 1000);
        for (const [i, body] of ['first', 'second', 'third'].entries()) {
          await post(fromSheena(phoneNumberId, { id: `wamid.N${i}`, type: 'text', text: { body }, timestamp: String(sent - 30 + i) }));
        }
        const [conversation] = (await conversationsOf(team)).data;
        const out = await env.request
          .post('/api/v1/whatsapp/messages')
          .set(team.auth)
          .send({ conversation_id: conversation.id, content: 'reply' })
          .expect(201);

        const one = await get(team, `/whatsapp/conversations/${conversation.id}`).expect(200);
        expect(one.body).to.deep.include({ success: true });
        expect(one.body.data).to.include({ id: conversation.id, contact_id: conversation.contact_id });
        const page = await messagesOf(team, conversation.id, '?limit=2');
        expect(page.pagination).to.deep.equal({ page: 1, limit: 2, total: 4, pages: 2 });
        expect(page.data.map((m: Json) => m.text)).to.deep.equal(['reply', 'third']);
        expect(page.data[0]).to.include({
          id: out.body.data.id,
          direction: 'outbound',
          type: 'text',
          status: 'sent',
          raw: null,
          error: null,
        });
        expect((await messagesOf(team, conversation.id, '?page=2&limit=2')).data.map((m: Json) => m.text)).to.deep.equal([
          'second',
          'first',
        ]);
        expect((await messagesOf(team, conversation.id, '?sort=created_at')).data.map((m: Json) => m.text)).to.deep.equal([
          'first',
          'second',
          'third',
          'reply',
        ]);

        for (const path of [`/whatsapp/conversations/${conversation.id}`, `/whatsapp/conversations/${conversation.id}/messages`]) {
          const foreign = await get(other, path);
          expect(foreign.status, path).to.equal(404);
          expect(foreign.body).to.deep.equal({ success: false, error: { code: 'NOT_FOUND', message: foreign.body.error.message } });
        }
        expect((await get(team, '/whatsapp/conversations/nope')).status).to.equal(404);
        expect((await get(team, '/whatsapp/conversations/0190b000-0000-7000-8000-000000000009/messages')).status).to.equal(404);
      });

      it("shows a failed outbound message with the provider's error", async () => {
        const team = await env.team();
        const { phoneNumberId } = await cloudInbox(team);
        await post(fromSheena(phoneNumberId, META_MESSAGES.text));
        const [conversation] = (await conversationsOf(team)).data;
        const sent = (
          await env.request
            .post('/api/v1/whatsapp/messages')
            .set(team.auth)
            .send({ conversation_id: conversation.id, content: 'a' })
            .expect(201)
        ).body.data;
        // "Status messages webhook reference", a failed message
        await post(
          metaEnvelope(phoneNumberId, {
            statuses: [
              {
                id: sent.provider_message_id,
                status: 'failed',
                timestamp: now(),
                recipient_id: SHEENA,
                errors: [
                  {
                    code: 131049,
                    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
                    message: 'This message was not delivered to maintain healthy ecosystem engagement.',
                    error_data: { details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.' },
                  },
                ],
              },
            ],
          }),
        );
        const [failed] = (await messagesOf(team, conversation.id)).data;
        expect(failed).to.deep.include({
          id: sent.id,
          status: 'failed',
          error: {
            code: '131049',
            title: 'This message was not delivered to maintain healthy ecosystem engagement.',
            detail: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
          },
        });
      });
    });
  });
}
