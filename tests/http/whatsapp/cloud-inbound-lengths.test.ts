// Meta's webhook fields are not bounded, the columns they go to are (migrations 20261122000800 and
// 20261124000600). PostgreSQL refused a value longer than its column and the delivery answered 500: the
// messages after it in the batch were never stored, and every redelivery failed the same way, while SQLite
// and memory kept the value whole. Now every backend keeps the same thing: text is cut, an identifier that
// a cut would make wrong is left out, and a message whose own id does not fit is skipped. Meta gets its 200.
import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { ListInboxErrors } from '../../../application/whatsapp/list-inbox-errors';
import { backendNames, startRuntime } from '../../support/backends';
import { HttpEnv, TestTeam, httpEnvOf } from '../../support/http';
import { META_BUSINESS_NUMBER, metaEnvelope, metaTextMessage } from '../../support/meta-payloads';

const APP_SECRET = 'app-secret-for-lengths';
const WEBHOOK = '/api/v1/whatsapp/cloud/webhook';
const SHEENA = '16505551234';

const sign = (raw: string) => `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
const now = () => String(Math.floor(Date.now() / 1000));
type Json = Record<string, any>;

/** A wamid as Meta spells them (base64 after `wamid.`), `length` characters long. */
const wamid = (length: number) => `wamid.${'HBgLMTY1MDM4Nzk0MzkVAgARGBI'.repeat(Math.ceil(length / 27))}`.slice(0, length);
const digits = (length: number) => '1'.repeat(length);
const LONG_TYPE = 'interactive_message_type_not_documented_yet';
// 33 characters for PostgreSQL, 66 UTF-16 units for JavaScript.
const EMOJI_TYPE = '\u{1F600}'.repeat(33);
const LONG_MIME = `application/vnd.openxmlformats-officedocument.spreadsheetml.sheet; ${'x-parameter=value; '.repeat(14)}`;

const text = (id: string, body: string): Json => ({ id, type: 'text', text: { body } });

/** One poisoned message each, between two good ones of the same delivery, and what of it is kept. */
const CASES: { field: string; message: Json; kept: Json | null }[] = [
  {
    field: 'type longer than 32 characters',
    message: { id: 'wamid.TYPE', type: LONG_TYPE, [LONG_TYPE]: { body: 'new' } },
    kept: { type: LONG_TYPE.slice(0, 32), text: `[${LONG_TYPE.slice(0, 32)}]` },
  },
  {
    field: 'type of 33 characters beyond the Basic Multilingual Plane',
    message: { id: 'wamid.EMOJI', type: EMOJI_TYPE },
    kept: { type: '\u{1F600}'.repeat(32) },
  },
  { field: 'id longer than 255 characters', message: text(wamid(300), 'lost'), kept: null },
  {
    field: 'context.from longer than 64 characters',
    message: { ...text('wamid.CTXFROM', 'reply'), context: { from: digits(65), id: 'wamid.REPLIED' } },
    kept: { text: 'reply', context: { id: 'wamid.REPLIED', from: null } },
  },
  {
    field: 'context.id longer than 255 characters',
    message: { ...text('wamid.CTXID', 'reply'), context: { from: META_BUSINESS_NUMBER, id: wamid(256) } },
    kept: { text: 'reply', context: { id: null, from: META_BUSINESS_NUMBER } },
  },
  {
    field: 'reaction.message_id longer than 255 characters',
    message: { id: 'wamid.REACT', type: 'reaction', reaction: { message_id: wamid(400), emoji: '\u{1F600}' } },
    kept: { type: 'reaction', context: null },
  },
  {
    field: 'image.id longer than 255 characters',
    message: { id: 'wamid.MEDIAID', type: 'image', image: { id: digits(256), mime_type: 'image/jpeg', sha256: 'SfInY0gH' } },
    kept: { media_id: null, mime_type: 'image/jpeg', sha256: 'SfInY0gH' },
  },
  {
    field: 'document.mime_type longer than 255 characters',
    message: {
      id: 'wamid.MIME',
      type: 'document',
      document: { id: '1315553166261486', filename: 'sheet.xlsx', mime_type: LONG_MIME, sha256: 'pHv1Tl' },
    },
    kept: { media_id: '1315553166261486', mime_type: LONG_MIME.slice(0, 255), sha256: 'pHv1Tl', filename: 'sheet.xlsx' },
  },
  {
    field: 'image.sha256 longer than 255 characters',
    message: { id: 'wamid.SHA', type: 'image', image: { id: '1003383421387256', mime_type: 'image/jpeg', sha256: 'A'.repeat(256) } },
    kept: { media_id: '1003383421387256', sha256: null },
  },
  { field: 'from longer than 255 characters', message: { ...text('wamid.FROM', 'lost'), from: digits(300) }, kept: null },
];

for (const backend of backendNames()) {
  describe(`Cloud API deliveries with fields longer than their columns [${backend}]`, () => {
    let runtime: Awaited<ReturnType<typeof startRuntime>>;
    let env: HttpEnv;
    let pn = 0;
    before(async function () {
      this.timeout(60000);
      runtime = await startRuntime(backend, { whatsapp: { cloudApiUrl: 'http://127.0.0.1:9/v23.0', appSecret: APP_SECRET } });
      env = httpEnvOf(runtime);
    });
    after(async () => runtime?.dispose());

    const cloudInbox = async (team: TestTeam) => {
      const phoneNumberId = `30654035224${backend.length}${++pn}`;
      const inbox = await runtime.container
        .get(CreateInbox)
        .execute(team, { name: 'Cloud', channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG' });
      return { phoneNumberId, inbox };
    };
    const post = async (body: object) => {
      const raw = JSON.stringify(body);
      const res = await env.request.post(WEBHOOK).set('content-type', 'application/json').set('x-hub-signature-256', sign(raw)).send(raw);
      expect(res.status, res.text).to.equal(200);
      return res.body.data as Json;
    };
    const messagesOf = async (team: TestTeam): Promise<Map<string, Json>> => {
      const conversations = (await env.request.get('/api/v1/whatsapp/conversations').set(team.auth).expect(200)).body.data as Json[];
      const byId = new Map<string, Json>();
      for (const c of conversations) {
        const page = await env.request.get(`/api/v1/whatsapp/conversations/${c.id}/messages?limit=100`).set(team.auth).expect(200);
        for (const m of page.body.data as Json[]) byId.set(m.provider_message_id, m);
      }
      return byId;
    };

    for (const { field, message, kept } of CASES) {
      it(`stores the rest of a batch holding a message whose ${field}, the same on a redelivery`, async () => {
        const team = await env.team();
        const { phoneNumberId } = await cloudInbox(team);
        const delivery = metaEnvelope(phoneNumberId, {
          contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: SHEENA }],
          messages: [text('wamid.BEFORE', 'before'), message, text('wamid.AFTER', 'after')].map((m) => ({
            from: SHEENA,
            timestamp: now(),
            ...m,
          })),
        });
        expect(await post(delivery)).to.deep.equal({ messages: kept ? 3 : 2, statuses: 0, errors: 0, ignored: kept ? 0 : 1 });
        expect(await post(delivery)).to.deep.equal({ messages: 0, statuses: 0, errors: 0, ignored: 3 });

        const stored = await messagesOf(team);
        expect([...stored.keys()]).to.have.members(kept ? ['wamid.BEFORE', message.id, 'wamid.AFTER'] : ['wamid.BEFORE', 'wamid.AFTER']);
        expect(stored.get('wamid.AFTER')).to.include({ text: 'after', status: 'received' });
        if (kept) {
          expect(stored.get(message.id)).to.deep.include(kept);
          // The provider's object is kept whole: nothing it sent is lost.
          expect(stored.get(message.id)!.raw).to.deep.include(message);
        }
      });
    }

    it('skips a change for a phone_number_id longer than 64 characters and stores the next change of the delivery', async () => {
      const team = await env.team();
      const { phoneNumberId } = await cloudInbox(team);
      const poisoned = metaTextMessage(digits(65), SHEENA, 'wamid.NOWHERE').entry[0];
      const good = metaTextMessage(phoneNumberId, SHEENA, 'wamid.HERE').entry[0];
      const delivery = { object: 'whatsapp_business_account', entry: [poisoned, good] };
      expect(await post(delivery)).to.deep.equal({ messages: 1, statuses: 0, errors: 0, ignored: 1 });
      expect([...(await messagesOf(team)).keys()]).to.deep.equal(['wamid.HERE']);
    });

    it('ignores a status whose id is longer than 255 characters and stores the messages beside it', async () => {
      const team = await env.team();
      const { phoneNumberId } = await cloudInbox(team);
      const delivery = metaEnvelope(phoneNumberId, {
        contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: SHEENA }],
        statuses: [{ id: wamid(300), status: 'delivered', timestamp: now(), recipient_id: SHEENA }],
        messages: [{ from: SHEENA, timestamp: now(), ...text('wamid.BESIDE', 'beside') }],
      });
      expect(await post(delivery)).to.deep.equal({ messages: 1, statuses: 0, errors: 0, ignored: 1 });
      expect([...(await messagesOf(team)).keys()]).to.deep.equal(['wamid.BESIDE']);
    });

    it('keeps an error about the number whose code is longer than 32 characters without the code, and the messages beside it', async () => {
      const team = await env.team();
      const { inbox, phoneNumberId } = await cloudInbox(team);
      const delivery = metaEnvelope(phoneNumberId, {
        contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: SHEENA }],
        errors: [
          { code: digits(33), title: 'Rate limit hit', message: 'Rate limit hit', error_data: { details: 'Too many messages' } },
          { code: 130429, title: 'Rate limit hit', message: 'Rate limit hit', error_data: { details: 'Too many messages' } },
        ],
        messages: [{ from: SHEENA, timestamp: now(), ...text('wamid.BESIDE', 'beside') }],
      });
      expect(await post(delivery)).to.deep.equal({ messages: 1, statuses: 0, errors: 2, ignored: 0 });
      expect([...(await messagesOf(team)).keys()]).to.deep.equal(['wamid.BESIDE']);
      const errors = await runtime.container.get(ListInboxErrors).execute(team, { inboxId: inbox.id });
      expect(errors.map((e) => e.code)).to.have.members([null, '130429']);
      for (const e of errors) expect(e).to.include({ title: 'Rate limit hit', detail: 'Too many messages' });
    });
  });
}
