// Each endpoint authenticates its source the way that source can: signatures are made here as the
// senders publish them (Meta, Typeform) or with the Standard Webhooks reference library.
import { expect } from 'chai';
import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { createEndpointFixture, EndpointFixture, storedLeadsAndDeals, webhookCli } from './fixtures';

/** Meta: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`. */
const metaSignature = (appSecret: string, body: Buffer): string => `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
/** Typeform: `Typeform-Signature: sha256=<base64 HMAC-SHA256 of the raw body with the secret>`. */
const typeformSignature = (secret: string, body: Buffer): string => `sha256=${createHmac('sha256', secret).update(body).digest('base64')}`;

/** UTF-8 with accents, and a Latin-1 form: the bytes signed are the bytes sent. */
const JSON_BODY = Buffer.from(JSON.stringify({ full_name: 'João Ninguém', email: 'joao@example.com', notes: 'Olá 👋' }), 'utf8');
const LATIN1_FORM = Buffer.from('full_name=Jos%E9+Concei%E7%E3o&email=jose%40example.com', 'latin1');

forEachHttpBackend(
  'Inbound receiver: how an endpoint authenticates its source',
  (env) => {
    const deliveriesOf = async (f: EndpointFixture): Promise<unknown[]> => {
      const res = await webhookCli(env().runtime, ['webhook', 'deliveries', '--endpoint', f.webhook.id]);
      expect(res.code, res.err).to.equal(0);
      return res.json.data;
    };
    /** The bytes as they are: superagent would otherwise serialize a Buffer sent as JSON. */
    const postTo = (url: string, body: Buffer, headers: Record<string, string>, contentType = 'application/json') =>
      env()
        .request.post(url)
        .set('Content-Type', contentType)
        .set(headers)
        .serialize((b: unknown) => b as string)
        .send(body as unknown as string);
    const post = (f: EndpointFixture, body: Buffer, headers: Record<string, string>, contentType = 'application/json') =>
      postTo(f.url, body, headers, contentType);

    it('shows the mode of every endpoint, `secret` by default', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      expect(f.webhook).to.include({ auth_mode: 'secret', requires_secret: true });
      expect(f.secret).to.match(/^whsec_/);
    });

    describe('meta_signature', () => {
      const appSecret = 'meta-app-secret-9f8e7d';
      const setUp = () =>
        createEndpointFixture(env(), { action_type: 'create_lead', auth_mode: 'meta_signature', signing_secret: appSecret });

      it('admits a body signed with the app secret in X-Hub-Signature-256, as Meta signs, and never shows the secret', async () => {
        const f = await setUp();
        expect(f.webhook).to.include({ auth_mode: 'meta_signature' });
        expect(JSON.stringify(f.webhook)).to.not.contain(appSecret);
        const res = await post(f, JSON_BODY, { 'X-Hub-Signature-256': metaSignature(appSecret, JSON_BODY) });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        expect(res.body).to.include({ success: true });
        const latin = await post(
          f,
          LATIN1_FORM,
          { 'X-Hub-Signature-256': metaSignature(appSecret, LATIN1_FORM) },
          'application/x-www-form-urlencoded; charset=ISO-8859-1',
        );
        expect(latin.status, JSON.stringify(latin.body)).to.equal(200);
        const { leads } = await storedLeadsAndDeals(env(), f);
        expect(leads.map((l) => l.full_name)).to.have.members(['João Ninguém', 'José Conceição']);
      });

      it('refuses a missing, wrong or other-secret signature with 401 and stores nothing', async () => {
        const f = await setUp();
        const forged: Record<string, string>[] = [
          {},
          { 'X-Hub-Signature-256': metaSignature('another-secret', JSON_BODY) },
          { 'X-Hub-Signature-256': metaSignature(appSecret, Buffer.from('{"full_name":"Other"}')) },
          { 'X-Hub-Signature-256': 'sha256=' + '0'.repeat(64) },
          { 'X-Hub-Signature-256': metaSignature(appSecret, JSON_BODY).slice(0, -2) },
          // The shared-secret header admits nothing here.
          { 'X-Webhook-Secret': appSecret },
        ];
        for (const headers of forged) {
          const res = await post(f, JSON_BODY, headers);
          expect(res.status, JSON.stringify(headers)).to.equal(401);
          expect(res.body.error.code).to.equal('UNAUTHORIZED');
        }
        expect(await deliveriesOf(f)).to.deep.equal([]);
      });

      it('refuses to create one without the app secret', async () => {
        const team = await env().team();
        const res = await env().request.post('/api/v1/webhooks').set(team.auth).send({ name: 'Lead Ads', auth_mode: 'meta_signature' });
        expect(res.status).to.equal(400);
        expect(res.body.error.details.field).to.equal('signing_secret');
      });
    });

    describe('typeform_signature', () => {
      it('admits a body signed as Typeform signs (base64), with the secret shown once, and refuses others', async () => {
        const f = await createEndpointFixture(env(), { action_type: 'create_lead', auth_mode: 'typeform_signature' });
        expect(f.webhook.auth_mode).to.equal('typeform_signature');
        expect(f.secret).to.be.a('string').with.length.above(30);
        expect((await env().request.get(`/api/v1/webhooks/${f.webhook.id}`).set(f.auth)).text).to.not.contain(f.secret);
        const ok = await post(f, JSON_BODY, { 'Typeform-Signature': typeformSignature(f.secret, JSON_BODY) });
        expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
        expect(ok.body).to.include({ success: true });
        const hex = `sha256=${createHmac('sha256', f.secret).update(JSON_BODY).digest('hex')}`;
        const forged: Record<string, string>[] = [
          {},
          { 'Typeform-Signature': typeformSignature('nope', JSON_BODY) },
          { 'Typeform-Signature': hex },
        ];
        for (const headers of forged) {
          expect((await post(f, JSON_BODY, headers)).status, JSON.stringify(headers)).to.equal(401);
        }
        expect(await deliveriesOf(f)).to.have.length(1);
      });
    });

    describe('standard_webhooks', () => {
      const sign = (secret: string, id: string, at: Date, body: Buffer) => ({
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(id, at, body),
      });

      it('admits a message signed by the reference library with the secret it was given, once per webhook-id', async () => {
        const f = await createEndpointFixture(env(), { action_type: 'create_lead', auth_mode: 'standard_webhooks' });
        expect(f.secret).to.match(/^whsec_[A-Za-z0-9+/]+=*$/);
        const headers = sign(f.secret, 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W', new Date(), JSON_BODY);
        const res = await post(f, JSON_BODY, headers);
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        expect(res.body).to.include({ success: true });
        const again = await post(f, JSON_BODY, headers);
        expect(again.body).to.include({ success: true, duplicate: true });
      });

      it('takes the secret the sender generated, and refuses one that is not a whsec_ base64 key', async () => {
        const secret = `whsec_${randomBytes(24).toString('base64')}`;
        const f = await createEndpointFixture(env(), {
          action_type: 'create_lead',
          auth_mode: 'standard_webhooks',
          signing_secret: secret,
        });
        expect(f.secret).to.equal(null);
        expect((await post(f, JSON_BODY, sign(secret, 'msg_1', new Date(), JSON_BODY))).status).to.equal(200);
        const team = await env().team();
        const bad = await env()
          .request.post('/api/v1/webhooks')
          .set(team.auth)
          .send({ name: 'SW', auth_mode: 'standard_webhooks', signing_secret: 'whsec_***not base64***' });
        expect(bad.status).to.equal(400);
        expect(bad.body.error.details.field).to.equal('signing_secret');
      });

      it('refuses a wrong signature, another secret, a stale or future timestamp, or missing headers: 401, nothing stored', async () => {
        const f = await createEndpointFixture(env(), { action_type: 'create_lead', auth_mode: 'standard_webhooks' });
        const other = `whsec_${randomBytes(24).toString('base64')}`;
        const now = new Date();
        const tenMinutes = 10 * 60 * 1000;
        const forged: Record<string, string>[] = [
          {},
          sign(other, 'msg_a', now, JSON_BODY),
          sign(f.secret, 'msg_b', new Date(now.getTime() - tenMinutes), JSON_BODY),
          sign(f.secret, 'msg_c', new Date(now.getTime() + tenMinutes), JSON_BODY),
          // Signed for another id than the one sent.
          { ...sign(f.secret, 'msg_d', now, JSON_BODY), 'webhook-id': 'msg_e' },
          // Signed over another body.
          sign(f.secret, 'msg_f', now, Buffer.from('{"full_name":"Other"}')),
          { 'X-Webhook-Secret': f.secret },
        ];
        for (const headers of forged) {
          const res = await post(f, JSON_BODY, headers);
          expect(res.status, JSON.stringify(headers)).to.equal(401);
        }
        expect(await deliveriesOf(f)).to.deep.equal([]);
      });
    });

    describe('url_token', () => {
      it('admits a post whose URL carries the token, refuses any other with 401 and stores nothing', async () => {
        const f = await createEndpointFixture(env(), { action_type: 'create_lead', auth_mode: 'url_token' });
        expect(f.webhook.auth_mode).to.equal('url_token');
        expect(f.secret).to.be.a('string').with.length.above(40);
        const ok = await env()
          .request.post(`${f.url}?token=${encodeURIComponent(f.secret)}`)
          .send({ full_name: 'Ana', phone: '11 3333-0001' });
        expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
        for (const url of [f.url, `${f.url}?token=wrong`, `${f.url}?token=${f.secret.slice(1)}`]) {
          expect(
            (await env().request.post(url).set('X-Webhook-Secret', f.secret).send({ full_name: 'Bia', phone: '11 3333-0002' })).status,
            url,
          ).to.equal(401);
        }
        expect(await deliveriesOf(f)).to.have.length(1);
      });
    });

    describe('none', () => {
      it('admits anyone, and says so', async () => {
        const f = await createEndpointFixture(env(), { action_type: 'create_lead', auth_mode: 'none' });
        expect(f.webhook).to.include({ auth_mode: 'none', requires_secret: false });
        expect(f.secret).to.equal(null);
        expect((await env().request.post(f.url).send({ full_name: 'Ana', phone: '11 3333-0001' })).body).to.include({ success: true });
      });
    });

    it('lets the operator create and switch modes; a new credential is printed once', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const appSecret = 'meta-app-secret-cli';
      const created = await webhookCli(env().runtime, [
        'webhook',
        'create',
        '--team',
        f.teamId,
        '--name',
        'Lead Ads',
        '--action',
        'create_lead',
        '--project',
        f.projectId,
        '--auth',
        'meta_signature',
        '--signing-secret',
        appSecret,
      ]);
      expect(created.code, created.err).to.equal(0);
      expect(created.json.secret).to.equal(null);
      expect((await env().request.get(`/api/v1/webhooks/${created.json.id}`).set(f.auth)).body.data.auth_mode).to.equal('meta_signature');
      const url = `/api/v1/webhooks/inbound/${created.json.endpoint_id}`;
      const signed = await postTo(url, JSON_BODY, { 'X-Hub-Signature-256': metaSignature(appSecret, JSON_BODY) });
      expect(signed.status).to.equal(200);

      const switched = await webhookCli(env().runtime, ['webhook', 'update', '--endpoint', created.json.id, '--auth', 'standard_webhooks']);
      expect(switched.code, switched.err).to.equal(0);
      expect(switched.json).to.include({ auth_mode: 'standard_webhooks' });
      expect(switched.json.secret).to.match(/^whsec_/);
      const at = new Date();
      const sw = await postTo(url, JSON_BODY, {
        'webhook-id': 'msg_cli',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(switched.json.secret).sign('msg_cli', at, JSON_BODY),
      });
      expect(sw.status, JSON.stringify(sw.body)).to.equal(200);
      // The old scheme admits nothing any more.
      const old = await postTo(url, JSON_BODY, { 'X-Hub-Signature-256': metaSignature(appSecret, JSON_BODY) });
      expect(old.status).to.equal(401);
    });

    it('lets PUT /webhooks/:id switch the mode, answering the new credential once', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const res = await env().request.put(`/api/v1/webhooks/${f.webhook.id}`).set(f.auth).send({ auth_mode: 'url_token' });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data).to.include({ auth_mode: 'url_token' });
      const token = res.body.data.secret_token as string;
      expect(token).to.be.a('string');
      expect(
        (await env().request.post(f.url).set('X-Webhook-Secret', f.secret).send({ full_name: 'Ana', phone: '11 3333-0001' })).status,
      ).to.equal(401);
      expect((await env().request.post(`${f.url}?token=${token}`).send({ full_name: 'Ana', phone: '11 3333-0001' })).status).to.equal(200);
      // A change of name only answers no credential.
      const renamed = await env().request.put(`/api/v1/webhooks/${f.webhook.id}`).set(f.auth).send({ name: 'Renamed' });
      expect(renamed.body.data).to.not.have.property('secret_token');
    });
  },
  backendNames(),
);
