import { expect } from 'chai';
import { OutboundMessage, ProviderFailure, WhatsAppProvider } from '../../../application/whatsapp/whatsapp-provider';
import { ChannelProvider } from '../../../adapters/whatsapp/channel-provider';
import { CloudApiProvider } from '../../../adapters/whatsapp/cloud-api-provider';
import { EvolutionProvider } from '../../../adapters/whatsapp/evolution-provider';
import { ProviderUrlGuard } from '../../../adapters/whatsapp/provider-url-guard';
import { SandboxProvider } from '../../../adapters/whatsapp/sandbox-provider';
import { FakeWhatsAppProvider } from '../../support/fake-whatsapp-provider';

const failureOf = async (p: Promise<unknown>): Promise<ProviderFailure> => {
  try {
    await p;
  } catch (e) {
    expect(e).to.be.instanceOf(ProviderFailure);
    return e as ProviderFailure;
  }
  throw new Error('expected a ProviderFailure');
};

describe('WhatsApp provider adapters', () => {
  let fake: FakeWhatsAppProvider;
  // The fake provider listens on loopback: a self-hosted gateway, which the operator setting allows.
  const guard = new ProviderUrlGuard({ allowPrivateNetworks: true });

  before(async () => {
    fake = await FakeWhatsAppProvider.start();
  });
  after(() => fake.close());
  beforeEach(() => fake.reset());

  interface Case {
    name: string;
    provider: (base?: string) => WhatsAppProvider;
    message: (base?: string) => OutboundMessage;
    path: string;
  }
  const cases: Case[] = [
    {
      name: 'CloudApiProvider',
      provider: (base = fake.url) => new CloudApiProvider({ baseUrl: `${base}/v23.0/`, timeoutMs: 300, guard }),
      message: () => ({
        credentials: { channel: 'cloud_api', phoneNumberId: '106540352242922', accessToken: 'EAAG-token' },
        to: '5511987654321',
        kind: 'text',
        text: 'Olá!',
      }),
      path: '/v23.0/106540352242922/messages',
    },
    {
      name: 'EvolutionProvider',
      provider: () => new EvolutionProvider({ timeoutMs: 300, guard }),
      message: (base = fake.url) => ({
        credentials: { channel: 'evolution', baseUrl: `${base}/evo`, instance: 'loja 1', apiKey: 'evo-key' },
        to: '5511987654321',
        kind: 'text',
        text: 'Olá!',
      }),
      path: '/evo/message/sendText/loja%201',
    },
  ];

  for (const c of cases) {
    describe(c.name, () => {
      it('returns the provider message id once the provider accepts', async () => {
        const receipt = await c.provider().send(c.message());
        expect(receipt.providerMessageId).to.match(/FAKE\d+$/);
        expect(fake.requests).to.have.length(1);
        expect(fake.requests[0].path).to.equal(c.path);
      });

      it('reports a provider error as a failure with the provider reason', async () => {
        fake.fail(400, {
          error: {
            message: '(#131026) Message undeliverable',
            type: 'OAuthException',
            code: 131026,
            error_data: { details: 'Receiver incapable' },
          },
        });
        const failure = await failureOf(c.provider().send(c.message()));
        expect(failure.kind).to.equal('rejected');
      });

      it('reports a 5xx as an uncertain outcome', async () => {
        fake.fail(503);
        expect((await failureOf(c.provider().send(c.message()))).kind).to.equal('unreachable');
      });

      it('gives up after its timeout when the provider hangs', async () => {
        fake.hang();
        const started = Date.now();
        const failure = await failureOf(c.provider().send(c.message()));
        expect(failure.kind).to.equal('timeout');
        expect(Date.now() - started).to.be.lessThan(2000);
      });

      it('reports an unreachable provider', async () => {
        const closed = await FakeWhatsAppProvider.start();
        await closed.close();
        const failure = await failureOf(c.provider(closed.url).send(c.message(closed.url)));
        expect(failure.kind).to.equal('unreachable');
      });
    });
  }

  describe('CloudApiProvider', () => {
    const provider = () => new CloudApiProvider({ baseUrl: fake.url, timeoutMs: 300, guard });
    const message: OutboundMessage = {
      credentials: { channel: 'cloud_api', phoneNumberId: '1065', accessToken: 'EAAG-token' },
      to: '5511987654321',
      kind: 'text',
      text: 'Olá!',
    };

    it('sends a text message in the Graph API format with the Bearer token', async () => {
      await provider().send(message);
      const [req] = fake.requests;
      expect(req.headers.authorization).to.equal('Bearer EAAG-token');
      expect(req.body).to.deep.equal({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '5511987654321',
        type: 'text',
        text: { preview_url: false, body: 'Olá!' },
      });
    });

    it('keeps the Graph API error code, message and details', async () => {
      fake.fail(400, {
        error: {
          message: '(#131026) Message undeliverable',
          type: 'OAuthException',
          code: 131026,
          error_data: { messaging_product: 'whatsapp', details: 'Receiver incapable' },
        },
      });
      const failure = await failureOf(provider().send(message));
      expect(failure.error).to.deep.equal({ code: '131026', title: '(#131026) Message undeliverable', detail: 'Receiver incapable' });
    });

    it('tells a closed service window (131047) apart', async () => {
      fake.fail(400, {
        error: { message: '(#131047) Re-engagement message', code: 131047, error_data: { details: 'More than 24 hours have passed' } },
      });
      expect((await failureOf(provider().send(message))).kind).to.equal('window_closed');
    });
  });

  describe('EvolutionProvider', () => {
    it('sends number and text with the apikey header', async () => {
      await new EvolutionProvider({ timeoutMs: 300, guard }).send({
        credentials: { channel: 'evolution', baseUrl: fake.url, instance: 'main', apiKey: 'evo-key' },
        to: '14155552671',
        kind: 'text',
        text: 'Hi',
      });
      const [req] = fake.requests;
      expect(req.headers.apikey).to.equal('evo-key');
      expect(req.headers.authorization).to.equal(undefined);
      expect(req.body).to.deep.equal({ number: '14155552671', text: 'Hi' });
    });

    it('keeps the Evolution error message', async () => {
      fake.fail(400, { status: 400, error: 'Bad Request', response: { message: [{ exists: false, jid: '5511@s.whatsapp.net' }] } });
      const failure = await failureOf(
        new EvolutionProvider({ timeoutMs: 300, guard }).send({
          credentials: { channel: 'evolution', baseUrl: fake.url, instance: 'main', apiKey: 'k' },
          to: '5511987654321',
          kind: 'text',
          text: 'Hi',
        }),
      );
      expect(failure.error.code).to.equal('400');
      expect(failure.error.title).to.equal('Bad Request');
      expect(failure.error.detail).to.contain('"exists":false');
    });
  });

  describe('SandboxProvider', () => {
    it('accepts every message and records it without any network call', async () => {
      const sandbox = new SandboxProvider();
      const receipt = await sandbox.send({ credentials: { channel: 'sandbox' }, to: '5511987654321', kind: 'text', text: 'demo' });
      expect(receipt.providerMessageId).to.match(/^sandbox\./);
      expect(sandbox.sent().map((m) => (m.kind === 'text' ? m.text : m.kind))).to.deep.equal(['demo']);
      expect(fake.requests).to.have.length(0);
    });
  });

  describe('ChannelProvider', () => {
    it('hands each message to the adapter of its channel', async () => {
      const sandbox = new SandboxProvider();
      const router = new ChannelProvider({
        cloud_api: new CloudApiProvider({ baseUrl: fake.url, timeoutMs: 300, guard }),
        evolution: new EvolutionProvider({ timeoutMs: 300, guard }),
        sandbox,
      });
      await router.send({ credentials: { channel: 'sandbox' }, to: '5511987654321', kind: 'text', text: 'a' });
      await router.send({
        credentials: { channel: 'evolution', baseUrl: fake.url, instance: 'x', apiKey: 'k' },
        to: '5511987654321',
        kind: 'text',
        text: 'b',
      });
      expect(sandbox.sent()).to.have.length(1);
      expect(fake.requests.map((r) => r.path)).to.deep.equal(['/message/sendText/x']);
    });
  });

  describe('ProviderUrlGuard', () => {
    it('never calls a provider whose URL is refused', async () => {
      const self = new ProviderUrlGuard({ selfOrigins: [fake.url], allowPrivateNetworks: true });
      const failure = await failureOf(
        new EvolutionProvider({ timeoutMs: 300, guard: self }).send({
          credentials: { channel: 'evolution', baseUrl: fake.url, instance: 'x', apiKey: 'k' },
          to: '1',
          kind: 'text',
          text: 'b',
        }),
      );
      expect(failure.kind).to.equal('rejected');
      expect(fake.requests).to.have.length(0);
    });

    it('refuses a provider on loopback unless private networks are allowed', async () => {
      const strict = new ProviderUrlGuard();
      const failure = await failureOf(
        new CloudApiProvider({ baseUrl: fake.url, timeoutMs: 300, guard: strict }).send({
          credentials: { channel: 'cloud_api', phoneNumberId: '1', accessToken: 't' },
          to: '1',
          kind: 'text',
          text: 'b',
        }),
      );
      expect(failure.kind).to.equal('rejected');
      expect(fake.requests).to.have.length(0);
    });
  });
});
