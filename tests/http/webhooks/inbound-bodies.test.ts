import { expect } from 'chai';
import { gzipSync } from 'node:zlib';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { createEndpointFixture, storedLeadsAndDeals, webhookCli } from './fixtures';

forEachHttpBackend(
  'Inbound receiver bodies',
  (env) => {
    const deliveries = async (webhookId: string) =>
      (await webhookCli(env().runtime, ['webhook', 'deliveries', '--endpoint', webhookId])).json.data;
    /** `depth` nested arrays. */
    const nested = (depth: number): unknown => {
      let v: unknown = 'leaf';
      for (let i = 0; i < depth; i++) v = [v];
      return v;
    };
    const send = (url: string, secret: string, contentType: string | null, body: string | Buffer) => {
      const req = env().request.post(url).set('X-Webhook-Secret', secret);
      if (contentType !== null) req.set('Content-Type', contentType);
      // As sent, bytes included: superagent would otherwise serialize a Buffer sent as JSON.
      return req.serialize((b: unknown) => b as string).send(body as string);
    };

    it('reads a form with bracket nesting, so a mapping path reaches it, and keeps the raw body and content type', async () => {
      const f = await createEndpointFixture(env(), {
        action_type: 'create_lead',
        field_mapping: {
          full_name: 'fields.name.value',
          email: 'fields["email"].value',
          phone: 'fields.phone.value',
          'custom_fields.interesses': 'interesses',
        },
      });
      const raw =
        'fields%5Bname%5D%5Bvalue%5D=Ana+Souza&fields[email][value]=ana%40example.com&fields[phone][value]=%2811%29+98765-4321' +
        '&interesses[]=site&interesses[]=seo&form_id=42';
      const res = await send(f.url, f.secret, 'application/x-www-form-urlencoded', raw);
      expect(res.status).to.equal(200);
      expect(res.body, JSON.stringify(res.body)).to.include({ success: true, entity_type: 'lead' });
      const { leads } = await storedLeadsAndDeals(env(), f);
      expect(leads).to.have.length(1);
      expect(leads[0]).to.include({ full_name: 'Ana Souza', email: 'ana@example.com', phone: '+5511987654321' });
      expect(leads[0].custom_fields).to.deep.equal({ interesses: ['site', 'seo'] });
      const [stored] = await deliveries(f.webhook.id);
      expect(stored).to.include({
        raw_body: raw,
        content_type: 'application/x-www-form-urlencoded',
        body_error: null,
        status: 'succeeded',
      });
      expect(stored.payload).to.deep.equal({
        fields: { name: { value: 'Ana Souza' }, email: { value: 'ana@example.com' }, phone: { value: '(11) 98765-4321' } },
        interesses: ['site', 'seo'],
        form_id: '42',
      });
    });

    it('reads forms deeper than five levels, long arrays and a Latin-1 charset without dropping anything', async () => {
      const f = await createEndpointFixture(env(), {
        action_type: 'create_lead',
        field_mapping: { full_name: 'a.b.c.d.e.f.g.nome', notes: 'respostas.30' },
      });
      const answers = Array.from({ length: 31 }, (_, i) => `respostas[${i}]=r${i}`).join('&');
      const res = await send(
        f.url,
        f.secret,
        'application/x-www-form-urlencoded; charset=ISO-8859-1',
        `a[b][c][d][e][f][g][nome]=Jo%E3o+Sim%F5es&${answers}`,
      );
      expect(res.body, JSON.stringify(res.body)).to.include({ success: true });
      const { leads } = await storedLeadsAndDeals(env(), f);
      expect(leads[0]).to.include({ full_name: 'João Simões', notes: 'r30' });
    });

    it("reads JSON posted as a form (Google Apps Script's default for a string payload) as JSON, every field kept", async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const raw = JSON.stringify({
        nome: 'JOÃO SIMÕES',
        'E-mail': 'joao@example.com.br',
        Telefone: '(11) 3333-4444',
        WhatsApp: '011 98765 4321',
      });
      const res = await send(f.url, f.secret, 'application/x-www-form-urlencoded', raw);
      expect(res.status).to.equal(200);
      expect(res.body, JSON.stringify(res.body)).to.include({ success: true, entity_type: 'lead' });
      const { leads } = await storedLeadsAndDeals(env(), f);
      expect(leads[0]).to.include({ email: 'joao@example.com.br', phone: '+5511987654321' });
      expect(leads[0].notes).to.include('(11) 3333-4444');
    });

    it('reads JSON sent as text/plain, and JSON with a charset or a +json type', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      for (const [type, name, phone] of [
        ['text/plain', 'Bia', '11 3333-0001'],
        ['text/plain; charset=utf-8', 'Caio', '11 3333-0002'],
        ['application/json; charset=utf-8', 'Duda', '11 3333-0003'],
        ['application/vnd.api+json', 'Enzo', '11 3333-0004'],
      ]) {
        const res = await send(f.url, f.secret, type, JSON.stringify({ full_name: name, phone }));
        expect(res.body, type).to.include({ success: true });
      }
      const { leads } = await storedLeadsAndDeals(env(), f);
      expect(leads.map((l) => l.full_name)).to.deep.equal(['Bia', 'Caio', 'Duda', 'Enzo']);
      const stored = await deliveries(f.webhook.id);
      expect(stored[3]).to.include({ content_type: 'text/plain', raw_body: '{"full_name":"Bia","phone":"11 3333-0001"}' });
    });

    it('stores a body of a type it does not read with its raw text and refuses it with 415, never {} and success', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const cases: [string | null, string, RegExp][] = [
        ['text/plain', 'nome=Ana&telefone=11987654321', /text\/plain and not a JSON object/],
        ['text/plain', '"just a string"', /not a JSON object/],
        ['application/xml', '<lead><nome>Ana</nome></lead>', /content type application\/xml is not read/],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="nome"\r\n\r\nAna\r\n--x--',
          /multipart\/form-data/,
        ],
        ['application/octet-stream', 'Ana;11987654321', /application\/octet-stream/],
      ];
      for (const [type, body, error] of cases) {
        const res = await send(f.url, f.secret, type, body);
        expect(res.status, body).to.equal(415);
        expect(res.body.error.code, body).to.equal('UNSUPPORTED_MEDIA_TYPE');
        expect(res.body.error.message, body).to.match(error);
        expect(res.body.error.message, body).to.match(/kept/);
      }
      expect((await storedLeadsAndDeals(env(), f)).leads).to.deep.equal([]);
      const stored = (await deliveries(f.webhook.id)).reverse();
      expect(stored).to.have.length(cases.length);
      stored.forEach((d: any, i: number) => {
        expect(d).to.include({ status: 'failed', payload: null, raw_body: cases[i][1], content_type: cases[i][0] });
        expect(d.body_error).to.match(cases[i][2]);
      });
    });

    it("answers a body declared JSON that is not JSON with the spec's 400, and still keeps it for a replay", async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const res = await send(f.url, f.secret, 'application/json', '{"nome": "Ana",');
      expect(res.status).to.equal(400);
      expect(res.body).to.include({ success: false });
      expect(res.body.error).to.include({ code: 'VALIDATION_ERROR' });
      expect(res.body.error.message).to.match(/Invalid JSON body/);
      const [stored] = await deliveries(f.webhook.id);
      expect(stored).to.include({ status: 'failed', payload: null, raw_body: '{"nome": "Ana",', content_type: 'application/json' });
      expect(stored.body_error).to.match(/not valid JSON/);
    });

    it('keeps a JSON body nested far too deep and answers 400, never 500', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const raw = `{"full_name":"Ana","extra":${'['.repeat(100000)}${']'.repeat(100000)}}`;
      const res = await send(f.url, f.secret, 'application/json', raw);
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      expect(res.body.error.message).to.match(/nested deeper than 64 levels/);
      const [stored] = await deliveries(f.webhook.id);
      expect(stored).to.include({ status: 'failed', payload: null, content_type: 'application/json' });
      expect(stored.raw_body).to.have.length(raw.length);
      const shallow = await send(
        f.url,
        f.secret,
        'application/json',
        JSON.stringify({ full_name: 'Bia', phone: '11 3333-0009', a: nested(60) }),
      );
      expect(shallow.body, JSON.stringify(shallow.body)).to.include({ success: true });
    });

    it('answers an empty body like a payload without a contact, and keeps it', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const res = await env().request.post(f.url).set('X-Webhook-Secret', f.secret);
      expect(res.body).to.include({ success: false });
      expect(res.body.error).to.match(/no name, phone or email/);
      const [stored] = await deliveries(f.webhook.id);
      expect(stored).to.include({ raw_body: '', body_error: null });
      expect(stored.payload).to.deep.equal({});
    });

    it('reads a gzip body, and refuses one that inflates above 1 MB with 413', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const ok = await send(
        f.url,
        f.secret,
        'application/json',
        gzipSync(JSON.stringify({ full_name: 'Gabi', phone: '11 3333-0005' })),
      ).set('Content-Encoding', 'gzip');
      expect(ok.body, JSON.stringify(ok.body)).to.include({ success: true });
      const bomb = await send(
        f.url,
        f.secret,
        'application/json',
        gzipSync(JSON.stringify({ full_name: 'x', pad: 'a'.repeat(2 * 1024 * 1024) })),
      ).set('Content-Encoding', 'gzip');
      expect(bomb.status).to.equal(413);
      expect(bomb.body.error.code).to.equal('PAYLOAD_TOO_LARGE');
      const bigForm = await send(f.url, f.secret, 'application/x-www-form-urlencoded', `full_name=x&pad=${'a'.repeat(1024 * 1024)}`);
      expect(bigForm.status).to.equal(413);
      expect(await deliveries(f.webhook.id)).to.have.length(1);
    });

    it('still refuses text that no backend keeps as sent with 400, before storing anything', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      for (const [type, body] of [
        ['application/json', '{"full_name":"A\\u0000na"}'],
        ['application/json', '{"full_name":"\\ud800"}'],
        ['text/plain', 'bad\u0000text'],
        ['application/x-www-form-urlencoded', 'full_name=A%00na'],
      ]) {
        const res = await send(f.url, f.secret, type, body);
        expect(res.status, body).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      }
      expect(await deliveries(f.webhook.id)).to.deep.equal([]);
    });

    describe('a form a stranger sends', () => {
      // 30 000 `a[]` fields: about a minute of a worker's time when the receiver read them before it knew
      // the sender (appends scanned every key), so each of these fails by its timeout without the fix.
      const manyAppends = Array.from({ length: 30_000 }, (_, i) => `a[]=${i}`).join('&');
      const FORM = 'application/x-www-form-urlencoded';

      it('is not read for an endpoint that does not exist: 404 at once', async () => {
        const res = await send('/api/v1/webhooks/inbound/does-not-exist', 'whsec_any', FORM, manyAppends);
        expect(res.status).to.equal(404);
      });

      it('is not read with a wrong secret: 401 at once, nothing stored', async () => {
        const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
        const res = await send(f.url, 'whsec_wrong', FORM, manyAppends);
        expect(res.status).to.equal(401);
        expect(await deliveries(f.webhook.id)).to.deep.equal([]);
      });

      it('is not even read: a body over the limit to an unknown endpoint or with a wrong secret is 404 or 401, not 413', async () => {
        const tooLarge = 'x'.repeat(1024 * 1024 + 1);
        const unknown = await send('/api/v1/webhooks/inbound/does-not-exist', 'whsec_any', FORM, tooLarge);
        expect(unknown.status).to.equal(404);
        // The unread body is not read after the answer either: the connection is closed behind it.
        expect(unknown.headers.connection).to.equal('close');
        const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
        const wrong = await send(f.url, 'whsec_wrong', FORM, gzipSync(tooLarge)).set('Content-Encoding', 'gzip');
        expect(wrong.status).to.equal(401);
        const right = await send(f.url, f.secret, FORM, tooLarge);
        expect(right.status).to.equal(413);
      });

      it('of more than 1 000 fields, with the right secret, is kept and answered 400 naming the limit', async () => {
        const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
        const res = await send(f.url, f.secret, FORM, manyAppends);
        expect(res.status).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        expect(res.body.error.message).to.match(/^Invalid form body; .*more than 1000 fields/);
        const [stored] = await deliveries(f.webhook.id);
        expect(stored).to.include({ raw_body: manyAppends, body_error: 'The form has more than 1000 fields' });
      });
    });

    it('checks the secret before anything is stored, whatever the body', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const res = await send(f.url, 'whsec_wrong', 'application/xml', '<x/>');
      expect(res.status).to.equal(401);
      expect(await deliveries(f.webhook.id)).to.deep.equal([]);
    });
  },
  backendNames(),
);
