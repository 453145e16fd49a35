import { expect } from 'chai';
import { EventUrlGuard } from '../../../adapters/events/event-url-guard';
import { HostResolver } from '../../../adapters/whatsapp/provider-url-guard';
import { ValidationFailed } from '../../../domain/shared/errors';

const hosts: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'local.test': ['127.0.0.1'],
  'office.test': ['10.1.2.3'],
  'metadata.test': ['169.254.169.254'],
  'mixed.test': ['93.184.216.34', '192.168.0.5'],
};
const resolve: HostResolver = async (name) => {
  const found = hosts[name];
  if (!found) throw new Error(`ENOTFOUND ${name}`);
  return found;
};

const strict = new EventUrlGuard({ allowPrivateNetworks: false, resolve, selfOrigins: ['http://0.0.0.0:3000'] });
const lenient = new EventUrlGuard({ allowPrivateNetworks: true, resolve, selfOrigins: ['http://0.0.0.0:3000'] });

async function refusal(guard: EventUrlGuard, url: string): Promise<string> {
  try {
    await guard.check(url);
  } catch (err) {
    expect(err).to.be.instanceOf(ValidationFailed);
    expect((err as ValidationFailed).details?.field).to.equal('url');
    return (err as ValidationFailed).message;
  }
  throw new Error(`${url} was accepted`);
}

describe('EventUrlGuard', () => {
  it('accepts an https URL whose host resolves to public addresses only, and a public literal address', async () => {
    await strict.check('https://hooks.example.com/in?x=1');
    await strict.check('https://93.184.216.34:8443/in');
  });

  it('refuses a name resolving to loopback or a private network, unless private networks are allowed', async () => {
    expect(await refusal(strict, 'https://local.test/in')).to.match(/local\.test resolves to 127\.0\.0\.1.*loopback or private/);
    expect(await refusal(strict, 'https://office.test/in')).to.match(/private/);
    expect(await refusal(strict, 'https://mixed.test/in')).to.match(/192\.168\.0\.5/);
    expect(await refusal(strict, 'https://127.0.0.1/in')).to.match(/loopback or private/);
    expect(await refusal(strict, 'https://localhost/in')).to.match(/loopback or private|could not be resolved/);
    await lenient.check('https://local.test/in');
    await lenient.check('http://office.test:8080/in');
    await lenient.check('http://127.0.0.1:9999/in');
  });

  it('always refuses link-local and metadata addresses, by name or literally', async () => {
    for (const guard of [strict, lenient]) {
      expect(await refusal(guard, 'https://169.254.169.254/latest/meta-data')).to.match(/link-local, metadata/);
      expect(await refusal(guard, 'https://metadata.test/')).to.match(/metadata\.test resolves to 169\.254\.169\.254/);
      expect(await refusal(guard, 'https://[fe80::1]/')).to.match(/link-local/);
    }
  });

  it('always refuses this API itself', async () => {
    expect(await refusal(lenient, 'http://127.0.0.1:3000/api/v1/clients')).to.match(/points at this API/);
  });

  it('refuses http unless private networks are allowed, and any other scheme', async () => {
    expect(await refusal(strict, 'http://hooks.example.com/in')).to.equal('url must use https');
    await lenient.check('http://hooks.example.com/in');
    expect(await refusal(lenient, 'ftp://hooks.example.com/in')).to.equal('url must use https or http');
    expect(await refusal(strict, 'javascript:alert(1)')).to.equal('url must use https');
  });

  it('refuses what is not a URL, a user name or password, a host that does not resolve, and a URL too long', async () => {
    expect(await refusal(strict, 'hooks.example.com/in')).to.equal('url must be an absolute URL');
    expect(await refusal(strict, 'https://user:pw@hooks.example.com/in')).to.match(/user name or password/);
    expect(await refusal(strict, 'https://user@hooks.example.com/in')).to.match(/user name or password/);
    expect(await refusal(strict, 'https://nowhere.test/in')).to.match(/nowhere\.test could not be resolved/);
    expect(await refusal(strict, `https://hooks.example.com/${'a'.repeat(2048)}`)).to.match(/at most 2048/);
  });

  it('prepares a delivery: the URL and a lookup that judges the addresses again', async () => {
    const target = strict.prepare('https://local.test/in');
    expect(target.url.href).to.equal('https://local.test/in');
    const looked = await new Promise<Error | null>((done) => target.lookup('local.test', {}, (err) => done(err)));
    expect(looked?.message).to.match(/loopback or private/);
    expect(() => strict.prepare('https://169.254.169.254/')).to.throw(ValidationFailed, /link-local/);
    expect(() => strict.prepare('http://hooks.example.com/')).to.throw(ValidationFailed, /https/);
  });
});
