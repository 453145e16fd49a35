import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { Runtime } from '../../../bootstrap/container';
import { InboxSetup } from '../../../domain/whatsapp/inbox';
import { backendNames, startRuntime } from '../../support/backends';
import { FakeWhatsAppProvider } from '../../support/fake-whatsapp-provider';
import { startWhatsAppRuntime, stopWhatsAppRuntime } from '../../support/whatsapp-runtime';
import { HttpEnv, TestTeam, httpEnvOf } from '../../support/http';
import { metaTextMessage } from '../../support/meta-payloads';

const APP_SECRET = 'app-secret-for-outbound-tests';
const sign = (raw: string) => `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;

const MB = 1024 * 1024;

const welcome = {
  name: 'boas_vindas',
  language: { code: 'pt_BR' },
  components: [
    {
      type: 'body',
      parameters: [
        { type: 'text', text: 'Conceição' },
        { type: 'date_time', date_time: { fallback_value: '15/12' } },
      ],
    },
    { type: 'button', sub_type: 'quick_reply', index: 0, parameters: [{ type: 'payload', payload: 'QUERO_PROPOSTA' }] },
  ],
};

let pn = 0;

for (const backend of backendNames()) {
  describe(`POST /whatsapp/messages: templates and media [${backend}]`, function () {
    let fake: FakeWhatsAppProvider;
    let runtime: Runtime & { dispose(): Promise<void> };
    let env: HttpEnv;

    before(async function () {
      this.timeout(60000);
      ({ fake, runtime, env } = await startWhatsAppRuntime(backend, {
        appSecret: APP_SECRET,
        verifyToken: 'verify',
        providerTimeoutMs: 400,
      }));
    });
    after(() => stopWhatsAppRuntime({ fake, runtime }));
    beforeEach(() => fake.reset());

    const inbox = (team: TestTeam, setup: Partial<InboxSetup> & { channel: string }) =>
      runtime.container.get(CreateInbox).execute(team, { name: 'Vendas', ...setup });
    const cloudInbox = (team: TestTeam) =>
      inbox(team, { channel: 'cloud_api', phoneNumberId: `20654035224${backend.length}${++pn}`, accessToken: 'EAAG-test-token' });
    const evolutionInbox = (team: TestTeam) =>
      inbox(team, { channel: 'evolution', baseUrl: fake.url, instance: 'loja', apiKey: 'evo-key' });
    const send = (team: TestTeam, body: object) => env.request.post('/api/v1/whatsapp/messages').set(team.auth).send(body);
    const postWebhook = (body: object) => {
      const raw = JSON.stringify(body);
      return env.request
        .post('/api/v1/whatsapp/cloud/webhook')
        .set('content-type', 'application/json')
        .set('x-hub-signature-256', sign(raw))
        .send(raw);
    };
    const read = async (team: TestTeam, id: string) =>
      (await env.request.get(`/api/v1/whatsapp/messages/${id}`).set(team.auth).expect(200)).body.data;
    const contactCount = async (team: TestTeam) =>
      (await env.request.get('/api/v1/whatsapp/contacts').set(team.auth).expect(200)).body.pagination.total;

    it("sends a template to a number that never wrote, in Meta's shape, and keeps it with a readable text", async () => {
      const team = await env.team();
      const cloud = await cloudInbox(team);
      const res = await send(team, { inbox_id: cloud.id, phone: '+55 11 98765-4321', template: welcome });
      expect(res.status).to.equal(201);
      expect(res.body.data).to.include({ type: 'template', status: 'sent', reused: false });
      expect(res.body.data.content).to.equal('[template boas_vindas (pt_BR)] Conceição, 15/12');
      expect(fake.sends).to.have.length(1);
      expect(fake.sends[0].body).to.deep.equal({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '5511987654321',
        type: 'template',
        template: welcome,
      });
      const stored = await read(team, res.body.data.id);
      expect(stored).to.deep.include({ type: 'template', text: '[template boas_vindas (pt_BR)] Conceição, 15/12', template: welcome });

      // free text and media to that number still wait for the customer to write
      const text = await send(team, { inbox_id: cloud.id, phone: '+55 11 98765-4321', content: 'Olá' });
      expect(text.status).to.equal(409);
      expect(text.body.error.code).to.equal('customer_service_window_closed');
      const media = await send(team, {
        conversation_id: res.body.data.conversation_id,
        media: { type: 'image', url: fake.serveMedia('foto.jpg', { 'content-type': 'image/jpeg' }) },
      });
      expect(media.status).to.equal(409);
      expect(fake.sends).to.have.length(1);
    });

    it('refuses a template on Evolution and sandbox inboxes with 400 on template, storing nothing', async () => {
      const team = await env.team();
      for (const target of [await evolutionInbox(team), await inbox(team, { channel: 'sandbox' })]) {
        const res = await send(team, { inbox_id: target.id, phone: '(21) 99876-5432', template: welcome });
        expect(res.status, target.channel).to.equal(400);
        expect(res.body.error.details.field).to.equal('template');
      }
      expect(await contactCount(team)).to.equal(0);
      expect(fake.requests).to.have.length(0);
      // Refused before anything was written: no event either.
      expect((await env.request.get('/api/v1/events').set(team.auth).expect(200)).body.data).to.deep.equal([]);
    });

    it('sends a document by link to Evolution at sendMedia, with the type its server stated', async () => {
      const team = await env.team();
      const url = fake.serveMedia('Proposta%20comercial.pdf', { 'content-type': 'application/pdf', 'content-length': String(2 * MB) });
      const media = { type: 'document', url, caption: 'Segue a proposta, Conceição', filename: 'Proposta comercial.pdf' };

      const evo = await evolutionInbox(team);
      const viaEvolution = await send(team, { inbox_id: evo.id, phone: '11987654321', media });
      expect(viaEvolution.status).to.equal(201);
      expect(viaEvolution.body.data).to.include({ type: 'document', content: 'Segue a proposta, Conceição' });
      expect(fake.requests.map((r) => r.method)).to.deep.equal(['HEAD', 'POST']);
      expect(fake.sends[0]).to.deep.include({
        path: '/message/sendMedia/loja',
        body: {
          number: '5511987654321',
          mediatype: 'document',
          media: url,
          caption: 'Segue a proposta, Conceição',
          fileName: 'Proposta comercial.pdf',
          mimetype: 'application/pdf',
        },
      });
      const stored = await read(team, viaEvolution.body.data.id);
      expect(stored).to.include({ media_url: url, filename: 'Proposta comercial.pdf', mime_type: 'application/pdf', template: null });
    });

    it('sends a document by link to the Cloud API once the customer wrote, and never opens the window with a template', async () => {
      const team = await env.team();
      const phoneNumberId = `30654035224${backend.length}${++pn}`;
      const cloud = await inbox(team, { channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG-test-token' });
      const url = fake.serveMedia('Proposta%20comercial.pdf', { 'content-type': 'application/pdf' });
      const media = { type: 'document', url, caption: 'Segue a proposta', filename: 'Proposta comercial.pdf' };
      const opened = await send(team, { inbox_id: cloud.id, phone: '11987654321', template: welcome }).expect(201);
      expect((await send(team, { conversation_id: opened.body.data.conversation_id, media })).status).to.equal(409);

      await postWebhook(metaTextMessage(phoneNumberId, '5511987654321', `wamid.IN.${backend}`)).expect(200);
      fake.reset();
      fake.serveMedia('Proposta%20comercial.pdf', { 'content-type': 'application/pdf' });
      const sent = await send(team, { conversation_id: opened.body.data.conversation_id, media }).expect(201);
      expect(sent.body.data).to.include({ type: 'document', status: 'sent', content: 'Segue a proposta' });
      expect(fake.sends[0].body).to.deep.equal({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '5511987654321',
        type: 'document',
        document: { link: url, caption: 'Segue a proposta', filename: 'Proposta comercial.pdf' },
      });
    });

    it('sends an image to Evolution at sendMedia and an audio at sendWhatsAppAudio', async () => {
      const team = await env.team();
      const evo = await evolutionInbox(team);
      // On Evolution the window does not apply: an image and an audio go out at once.
      const image = fake.serveMedia('vitrine.png', { 'content-type': 'image/png', 'content-length': '48213' });
      const sentImage = await send(team, { inbox_id: evo.id, phone: '11987654321', media: { type: 'image', url: image } }).expect(201);
      expect(sentImage.body.data).to.include({ type: 'image', content: '[image]' });
      const audio = fake.serveMedia('recado.ogg', { 'content-type': 'audio/ogg; codecs=opus' });
      await send(team, { conversation_id: sentImage.body.data.conversation_id, media: { type: 'audio', url: audio } }).expect(201);
      expect(fake.sends.map((r) => r.path)).to.deep.equal(['/message/sendMedia/loja', '/message/sendWhatsAppAudio/loja']);
      expect(fake.sends[1].body).to.deep.equal({ number: '5511987654321', audio });
    });

    it('answers 400 on media.url for a file over the Cloud API limit or of a type it does not take, storing nothing', async () => {
      const team = await env.team();
      const phoneNumberId = `31654035224${backend.length}${++pn}`;
      const cloud = await inbox(team, { channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG-test-token' });
      await postWebhook(metaTextMessage(phoneNumberId, '5511987654321', `wamid.LIMITS.${backend}`)).expect(200);
      const to = { inbox_id: cloud.id, phone: '11987654321' };
      const messageCount = async () => {
        const [conversation] = (await env.request.get('/api/v1/whatsapp/conversations').set(team.auth).expect(200)).body.data;
        return (await env.request.get(`/api/v1/whatsapp/conversations/${conversation.id}/messages`).set(team.auth).expect(200)).body
          .pagination.total;
      };
      const big = fake.serveMedia('video.mp4', { 'content-type': 'video/mp4', 'content-length': String(17 * MB) });
      const tooBig = await send(team, { ...to, media: { type: 'video', url: big } });
      expect(tooBig.status).to.equal(400);
      expect(tooBig.body.error.details.field).to.equal('media.url');
      expect(tooBig.body.error.message).to.contain('17 MB');
      const gif = fake.serveMedia('anim.gif', { 'content-type': 'image/gif' });
      const wrongType = await send(team, { ...to, media: { type: 'image', url: gif } });
      expect(wrongType.status).to.equal(400);
      expect(wrongType.body.error.details.field).to.equal('media.url');
      expect(fake.sends).to.have.length(0);
      expect(await messageCount()).to.equal(1); // the customer's message only

      // Those limits are the Cloud API's: an Evolution gateway sends what WhatsApp Web sends.
      const evo = await evolutionInbox(team);
      await send(team, { inbox_id: evo.id, phone: '11987654321', media: { type: 'image', url: gif } }).expect(201);
      await send(team, { inbox_id: evo.id, phone: '11987654321', media: { type: 'video', url: big } }).expect(201);
      expect(fake.sends.map((r) => r.path)).to.deep.equal(['/message/sendMedia/loja', '/message/sendMedia/loja']);
    });

    it('sends when the media server does not answer the HEAD, and keeps the provider refusal (502)', async () => {
      const team = await env.team();
      const evo = await evolutionInbox(team);
      const missing = `${fake.url}/media/nao-existe.pdf`;
      const ok = await send(team, { inbox_id: evo.id, phone: '11987654321', media: { type: 'document', url: missing } });
      expect(ok.status).to.equal(201);
      expect(ok.body.data.content).to.equal('[document]');

      fake.fail(400, { status: 400, error: 'Bad Request', response: { message: ['Owned media must be a url or base64'] } });
      const refused = await send(team, { conversation_id: ok.body.data.conversation_id, media: { type: 'document', url: missing } });
      expect(refused.status).to.equal(502);
      const page = await env.request
        .get(`/api/v1/whatsapp/conversations/${ok.body.data.conversation_id}/messages`)
        .set(team.auth)
        .expect(200);
      const failed = page.body.data.find((m: { status: string }) => m.status === 'failed');
      expect(failed.error).to.deep.equal({ code: '400', title: 'Bad Request', detail: 'Owned media must be a url or base64' });
    });

    it("keeps Meta's 132001 on the template message and answers 502", async () => {
      const team = await env.team();
      const cloud = await cloudInbox(team);
      fake.fail(404, {
        error: {
          message: '(#132001) Template name does not exist in the translation',
          type: 'OAuthException',
          code: 132001,
          error_data: { messaging_product: 'whatsapp', details: 'template name (boas_vindas) does not exist in pt_BR' },
          fbtrace_id: 'AbC',
        },
      });
      const res = await send(team, { inbox_id: cloud.id, phone: '11987654321', template: welcome });
      expect(res.status).to.equal(502);
      expect(res.body.error.code).to.equal('BAD_GATEWAY');
      const page = await env.request.get('/api/v1/whatsapp/conversations').set(team.auth).expect(200);
      const messages = await env.request.get(`/api/v1/whatsapp/conversations/${page.body.data[0].id}/messages`).set(team.auth).expect(200);
      const [failed] = messages.body.data;
      expect(failed).to.deep.include({ type: 'template', status: 'failed' });
      expect((await read(team, failed.id)).error).to.deep.equal({
        code: '132001',
        title: '(#132001) Template name does not exist in the translation',
        detail: 'template name (boas_vindas) does not exist in pt_BR',
      });
      // Refused by the provider: the message is not sent, and no whatsapp.message.sent says it was.
      const types = (await env.request.get('/api/v1/events?limit=100').set(team.auth).expect(200)).body.data.map(
        (e: { type: string }) => e.type,
      );
      expect(types).to.deep.equal(['whatsapp.contact.created']);
    });

    it('answers 400 naming the field for a bad body', async () => {
      const team = await env.team();
      const sandbox = await inbox(team, { channel: 'sandbox' });
      const to = { inbox_id: sandbox.id, phone: '11987654321' };
      const url = 'https://arquivos.example.com.br/a.pdf';
      const cases: [object, string][] = [
        [{ ...to }, 'content'],
        [{ ...to, content: 'Olá', template: welcome }, 'template'],
        [{ ...to, content: 'Olá', media: { type: 'document', url } }, 'media'],
        [{ ...to, media: { type: 'sticker', url } }, 'media'],
        [{ ...to, media: { type: 'document', url: 'ftp://arquivos.example.com.br/a.pdf' } }, 'media'],
        [{ ...to, media: { type: 'image', url, caption: 'x'.repeat(1025) } }, 'media'],
        [{ ...to, template: { ...welcome, components: Array.from({ length: 11 }, () => ({ type: 'body' })) } }, 'template'],
        [{ ...to, template: { ...welcome, components: Array.from({ length: 10_000 }, () => ({ type: 'body' })) } }, 'template'],
        [{ ...to, template: { ...welcome, language: 'pt_BR' } }, 'template'],
        [{ ...to, template: { language: { code: 'pt_BR' } } }, 'template'],
        [{ ...to, template: { ...welcome, name: 'Boas Vindas' } }, 'template'],
        [{ ...to, template: { ...welcome, language: { code: 'x'.repeat(16) } } }, 'template'],
        [
          {
            ...to,
            template: {
              name: 'a',
              language: { code: 'pt_BR' },
              components: [{ type: 'body', parameters: Array(101).fill({ type: 'text', text: 'a' }) }],
            },
          },
          'template',
        ],
      ];
      for (const [body, field] of cases) {
        const res = await send(team, body);
        expect(res.status, JSON.stringify(body).slice(0, 200)).to.equal(400);
        expect(res.body.error.details.field, JSON.stringify(body).slice(0, 200)).to.equal(field);
      }
      expect(await contactCount(team)).to.equal(0);
    });
  });
}

describe('POST /whatsapp/messages: media links on private networks, not allowed (the default) [memory]', () => {
  let fake: FakeWhatsAppProvider;
  let runtime: Runtime & { dispose(): Promise<void> };
  before(async () => {
    fake = await FakeWhatsAppProvider.start();
    runtime = await startRuntime('memory', {});
  });
  after(async () => {
    await runtime?.dispose();
    await fake?.close();
  });

  it('answers 400 on media.url for a loopback, private or metadata address, without asking it anything', async () => {
    const env = httpEnvOf(runtime);
    const team = await env.team();
    const sandbox = await runtime.container.get(CreateInbox).execute(team, { name: 'Demo', channel: 'sandbox' });
    for (const url of [
      fake.serveMedia('a.pdf', { 'content-type': 'application/pdf' }),
      'http://10.0.0.7/a.pdf',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const res = await env.request
        .post('/api/v1/whatsapp/messages')
        .set(team.auth)
        .send({ inbox_id: sandbox.id, phone: '11987654321', media: { type: 'document', url } });
      expect(res.status, url).to.equal(400);
      expect(res.body.error.details.field, url).to.equal('media.url');
    }
    expect(fake.requests).to.have.length(0);
    expect((await env.request.get('/api/v1/whatsapp/contacts').set(team.auth)).body.pagination.total).to.equal(0);
  });
});
