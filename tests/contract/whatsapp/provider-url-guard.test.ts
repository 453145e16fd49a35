import { expect } from 'chai';
import { LookupAddress } from 'node:dns';
import { ProviderFailure } from '../../../application/whatsapp/whatsapp-provider';
import { EvolutionProvider } from '../../../adapters/whatsapp/evolution-provider';
import { HostResolver, ProviderUrlGuard, ProviderUrlGuardOptions } from '../../../adapters/whatsapp/provider-url-guard';
import { FakeWhatsAppProvider } from '../../support/fake-whatsapp-provider';

const failureOf = async (p: Promise<unknown> | (() => unknown)): Promise<ProviderFailure> => {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    expect(e).to.be.instanceOf(ProviderFailure);
    return e as ProviderFailure;
  }
  throw new Error('expected a ProviderFailure');
};

/** What the connection would be handed for `url` (the guard's lookup, as node:net calls it). */
const connectTo = (guard: ProviderUrlGuard, url: string, all = true): Promise<string[]> => {
  const { url: parsed, lookup } = guard.prepare(url);
  return new Promise((resolve, reject) =>
    lookup(parsed.hostname, { all }, (err, address) => {
      if (err) reject(err);
      else resolve(Array.isArray(address) ? address.map((a: LookupAddress) => a.address) : [address]);
    }),
  );
};

/** A resolver that answers `answers` for every name, counting the questions. */
const answering = (...answers: string[]): HostResolver & { calls: string[] } => {
  const calls: string[] = [];
  return Object.assign(
    async (host: string) => {
      calls.push(host);
      return answers;
    },
    { calls },
  );
};

const guardWith = (options: ProviderUrlGuardOptions = {}) => new ProviderUrlGuard(options);

// Loopback, private, link-local, metadata, unspecified and reserved addresses, in the spellings a URL
// can carry them: the URL parser rewrites decimal, octal, hex and short IPv4 forms, which are listed too.
const REFUSED_LITERALS = [
  '127.0.0.1',
  '127.1',
  '0177.0.0.1',
  '0x7f.1',
  '2130706433',
  '0x7f000001',
  '127.255.255.254',
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::127.0.0.1]',
  '[::7f00:1]',
  '[64:ff9b::127.0.0.1]',
  '[2002:7f00:1::]',
  '0.0.0.0',
  '0',
  '[::]',
  '[::ffff:0.0.0.0]',
  '10.0.0.1',
  '012.0.0.1',
  '172.16.5.4',
  '172.31.255.255',
  '192.168.1.1',
  '3232235777',
  '100.64.0.1',
  '[::ffff:10.0.0.1]',
  '[::ffff:c0a8:101]',
  '[fc00::1]',
  '[fd12:3456::1]',
  '[fec0::1]',
  '169.254.169.254',
  '169.254.0.1',
  '2852039166',
  '[fe80::1]',
  '[::ffff:169.254.169.254]',
  '[::a9fe:a9fe]',
  '100.100.100.200',
  '[fd00:ec2::254]',
  '224.0.0.1',
  '239.255.255.250',
  '255.255.255.255',
  '240.0.0.1',
  '[ff02::1]',
  '192.0.2.1',
  '198.51.100.7',
  '203.0.113.9',
  '[2001:db8::1]',
  '[100::1]',
];
const PUBLIC_LITERALS = [
  '8.8.8.8',
  '1.1.1.1',
  '172.32.0.1',
  '100.128.0.1',
  '93.184.215.14',
  '[2001:4860:4860::8888]',
  '[2606:4700:4700::1111]',
  '[::ffff:8.8.8.8]',
];

describe('ProviderUrlGuard', () => {
  describe('addresses written in the URL', () => {
    it('refuses loopback, private, link-local, metadata, unspecified and reserved addresses in every spelling', async () => {
      const guard = guardWith({ resolve: answering('8.8.8.8') });
      for (const host of REFUSED_LITERALS) {
        const failure = await failureOf(() => guard.prepare(`http://${host}:8080/v1`));
        expect(failure.kind, host).to.equal('rejected');
      }
    });

    it('accepts public addresses', async () => {
      const guard = guardWith({ resolve: answering() });
      for (const host of PUBLIC_LITERALS) {
        expect(guard.prepare(`https://${host}/v1`).url.protocol, host).to.equal('https:');
      }
    });

    it('refuses what is not an http(s) URL', async () => {
      const guard = guardWith();
      for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'not a url']) {
        expect((await failureOf(() => guard.prepare(url))).kind, url).to.equal('rejected');
      }
    });
  });

  describe('addresses a name resolves to, checked in the lookup of the connection', () => {
    it('refuses a name that resolves to any refused address, however the resolver writes it', async () => {
      for (const answer of [
        '127.0.0.1',
        '::1',
        '::ffff:127.0.0.1',
        '::ffff:7f00:1',
        '64:ff9b::7f00:1',
        '10.1.2.3',
        '192.168.0.10',
        'fd00::5',
        '169.254.169.254',
        'fe80::1%eth0',
        '::ffff:a9fe:a9fe',
        '0.0.0.0',
        '::',
      ]) {
        const guard = guardWith({ resolve: answering(answer) });
        const failure = await failureOf(connectTo(guard, 'https://provider.test/v1'));
        expect(failure.kind, answer).to.equal('rejected');
        expect(failure.message, answer).to.contain(answer.replace(/%.*$/, ''));
      }
    });

    it('refuses a name when one of its addresses is refused, even if another is public', async () => {
      const guard = guardWith({ resolve: answering('8.8.8.8', '127.0.0.1') });
      expect((await failureOf(connectTo(guard, 'https://provider.test/'))).kind).to.equal('rejected');
    });

    it('hands the connection exactly the public addresses it checked, in both lookup forms', async () => {
      const resolve = answering('8.8.8.8', '2001:4860:4860::8888');
      const guard = guardWith({ resolve });
      expect(await connectTo(guard, 'https://provider.test/')).to.deep.equal(['8.8.8.8', '2001:4860:4860::8888']);
      expect(await connectTo(guard, 'https://provider.test/', false)).to.deep.equal(['8.8.8.8']);
      expect(resolve.calls).to.deep.equal(['provider.test', 'provider.test']);
    });

    it('reports a name that does not resolve as unreachable', async () => {
      const guard = guardWith({
        resolve: async () => {
          throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
        },
      });
      expect((await failureOf(connectTo(guard, 'https://nowhere.test/'))).kind).to.equal('unreachable');
    });
  });

  describe('at connect time', () => {
    let fake: FakeWhatsAppProvider;
    before(async () => {
      fake = await FakeWhatsAppProvider.start();
    });
    after(() => fake.close());
    beforeEach(() => fake.reset());

    const send = (guard: ProviderUrlGuard) =>
      new EvolutionProvider({ timeoutMs: 1000, guard }).send({
        credentials: { channel: 'evolution', baseUrl: fake.url.replace('127.0.0.1', 'gateway.test'), instance: 'x', apiKey: 'k' },
        to: '1',
        kind: 'text',
        text: 'b',
      });

    it('refuses a name whose resolver answers a loopback address, without any request leaving', async () => {
      const resolve = answering('127.0.0.1');
      const failure = await failureOf(send(guardWith({ resolve })));
      expect(failure.kind).to.equal('rejected');
      expect(failure.message).to.contain('127.0.0.1');
      expect(resolve.calls).to.deep.equal(['gateway.test']);
      expect(fake.requests).to.have.length(0);
    });

    it('connects to the very address it checked: the one answer of its own resolver, asked once', async () => {
      // gateway.test exists for no other resolver: reaching the fake proves the connection used the checked answer.
      const resolve = answering('127.0.0.1');
      await send(guardWith({ resolve, allowPrivateNetworks: true }));
      expect(resolve.calls).to.deep.equal(['gateway.test']);
      expect(fake.requests).to.have.length(1);
    });
  });

  describe("with private networks allowed (a gateway on the operator's network)", () => {
    it('allows loopback and private addresses', async () => {
      const guard = guardWith({ allowPrivateNetworks: true, resolve: answering('10.0.0.7') });
      for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '10.0.0.5', '192.168.1.1', '[fd12::1]'])
        guard.prepare(`http://${host}:8080/`);
      expect(await connectTo(guard, 'http://gateway.lan:8080/')).to.deep.equal(['10.0.0.7']);
    });

    it('still refuses link-local, metadata and unspecified addresses, written or resolved', async () => {
      const guard = guardWith({ allowPrivateNetworks: true, resolve: answering('169.254.169.254') });
      for (const host of [
        '169.254.169.254',
        '[::ffff:169.254.169.254]',
        '[fe80::1]',
        '100.100.100.200',
        '[fd00:ec2::254]',
        '0.0.0.0',
        '[::]',
      ]) {
        expect((await failureOf(() => guard.prepare(`http://${host}/`))).kind, host).to.equal('rejected');
      }
      expect((await failureOf(connectTo(guard, 'http://metadata.test/'))).kind).to.equal('rejected');
    });

    it('still refuses this API itself, whatever loopback name or spelling points at it', async () => {
      const guard = guardWith({
        allowPrivateNetworks: true,
        selfOrigins: ['http://127.0.0.1:3000'],
        resolve: answering('127.0.0.1', '::1'),
      });
      for (const url of ['http://127.0.0.1:3000/x', 'http://[::1]:3000/x', 'http://[::ffff:127.0.0.1]:3000/x', 'http://127.1:3000/x']) {
        expect((await failureOf(() => guard.prepare(url))).message, url).to.contain('this API');
      }
      expect((await failureOf(connectTo(guard, 'http://localhost:3000/x'))).message).to.contain('this API');
      guard.prepare('http://127.0.0.1:3001/x');
      expect(await connectTo(guard, 'http://localhost:3001/x')).to.deep.equal(['127.0.0.1', '::1']);
    });

    it('refuses every loopback address at the port of an API listening on all interfaces', async () => {
      const guard = guardWith({ allowPrivateNetworks: true, selfOrigins: ['http://0.0.0.0:3000'] });
      expect((await failureOf(() => guard.prepare('http://127.0.0.1:3000/'))).message).to.contain('this API');
      expect((await failureOf(() => guard.prepare('http://[::1]:3000/'))).message).to.contain('this API');
    });
  });
});
