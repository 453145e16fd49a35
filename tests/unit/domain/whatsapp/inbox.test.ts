import { expect } from 'chai';
import { Conflict, ValidationFailed } from '../../../../domain/shared/errors';
import { Inbox } from '../../../../domain/whatsapp/inbox';
import { embeddedIpv4, isLinkLocalOrMetadataHost, requireProviderBaseUrl } from '../../../../domain/whatsapp/provider-url';

const NOW = new Date('2026-03-01T10:00:00.000Z');

describe('Inbox', () => {
  it('keeps Cloud API credentials and refuses free text to open a conversation', () => {
    const inbox = Inbox.create('i1', 'team', { name: 'Sales', channel: 'cloud_api', phoneNumberId: '1065', accessToken: 'tok' }, NOW);
    expect(inbox.credentials).to.deep.equal({ channel: 'cloud_api', phoneNumberId: '1065', accessToken: 'tok' });
    expect(inbox.canOpenConversations).to.equal(false);
    expect(inbox.enforcesServiceWindow).to.equal(true);
    expect(inbox.isActive).to.equal(true);
  });

  it('lets evolution and sandbox open conversations without a window', () => {
    const evo = Inbox.create(
      'i2',
      'team',
      { name: 'Evo', channel: 'evolution', baseUrl: 'http://127.0.0.1:8080/', instance: 'main', apiKey: 'k' },
      NOW,
    );
    const sandbox = Inbox.create('i3', 'team', { name: 'Demo', channel: 'sandbox' }, NOW);
    expect(evo.credentials).to.deep.equal({ channel: 'evolution', baseUrl: 'http://127.0.0.1:8080', instance: 'main', apiKey: 'k' });
    for (const i of [evo, sandbox]) {
      expect(i.canOpenConversations).to.equal(true);
      expect(i.enforcesServiceWindow).to.equal(false);
    }
  });

  it('sends only while active', () => {
    const inbox = Inbox.create('i4', 'team', { name: 'Demo', channel: 'sandbox' }, NOW);
    expect(() => inbox.assertActive()).not.to.throw();
    const off = Inbox.restore({ ...inbox.snapshot(), isActive: false });
    expect(() => off.assertActive()).to.throw(Conflict, 'The inbox is inactive');
  });

  it('requires the credentials of its channel', () => {
    expect(() => Inbox.create('i', 't', { name: 'x', channel: 'cloud_api', phoneNumberId: '1' }, NOW))
      .to.throw(ValidationFailed)
      .with.deep.property('details', { field: 'access_token' });
    expect(() => Inbox.create('i', 't', { name: 'x', channel: 'evolution', baseUrl: 'http://h', apiKey: 'k' }, NOW))
      .to.throw(ValidationFailed)
      .with.deep.property('details', { field: 'instance' });
  });

  it('refuses an unknown channel and an empty name', () => {
    expect(() => Inbox.create('i', 't', { name: 'x', channel: 'telegram' }, NOW))
      .to.throw(ValidationFailed)
      .with.deep.property('details', { field: 'channel' });
    expect(() => Inbox.create('i', 't', { name: ' ', channel: 'sandbox' }, NOW))
      .to.throw(ValidationFailed)
      .with.deep.property('details', { field: 'name' });
  });

  it('refuses an evolution base URL at a cloud metadata address', () => {
    expect(() =>
      Inbox.create(
        'i',
        't',
        { name: 'x', channel: 'evolution', baseUrl: 'http://169.254.169.254/latest', instance: 'a', apiKey: 'k' },
        NOW,
      ),
    )
      .to.throw(ValidationFailed)
      .with.deep.property('details', { field: 'base_url' });
  });
});

describe('provider base URL', () => {
  it('accepts http and https URLs and drops the trailing slash', () => {
    expect(requireProviderBaseUrl('https://evo.example.com/api/')).to.equal('https://evo.example.com/api');
    expect(requireProviderBaseUrl('http://127.0.0.1:9000')).to.equal('http://127.0.0.1:9000');
  });

  it('refuses other schemes, credentials, queries and garbage', () => {
    for (const bad of ['ftp://h', 'file:///etc/passwd', 'http://u:p@h', 'http://h/?a=1', 'not a url', '']) {
      expect(() => requireProviderBaseUrl(bad), bad).to.throw(ValidationFailed);
    }
  });

  it('recognizes link-local and metadata hosts however they are written', () => {
    for (const host of [
      '169.254.169.254',
      '169.254.0.1',
      '[fe80::1]',
      'metadata.google.internal',
      '[::ffff:169.254.169.254]',
      'fd00:ec2::254',
    ]) {
      const hostname = new URL(`http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}/`).hostname;
      expect(isLinkLocalOrMetadataHost(hostname), host).to.equal(true);
    }
    for (const host of ['127.0.0.1', 'example.com', '10.0.0.5', '[::1]']) {
      expect(isLinkLocalOrMetadataHost(new URL(`http://${host}/`).hostname), host).to.equal(false);
    }
  });

  it('sees a metadata address through every IPv6 form that carries an IPv4 one', () => {
    // IPv4-compatible, NAT64 and 6to4 spellings of 169.254.169.254, and the decimal form the URL parser rewrites.
    for (const host of [
      '[::169.254.169.254]',
      '[::a9fe:a9fe]',
      '[64:ff9b::169.254.169.254]',
      '[2002:a9fe:a9fe::1]',
      '2852039166',
      '[0:0:0:0:0:ffff:a9fe:a9fe]',
    ]) {
      expect(isLinkLocalOrMetadataHost(new URL(`http://${host}/`).hostname), host).to.equal(true);
    }
    expect(() => requireProviderBaseUrl('http://[64:ff9b::a9fe:a9fe]/')).to.throw(ValidationFailed);
  });

  it('reads the IPv4 address inside IPv4-mapped, IPv4-compatible, NAT64 and 6to4 IPv6 addresses', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).to.equal('127.0.0.1');
    expect(embeddedIpv4('[::ffff:127.0.0.1]')).to.equal('127.0.0.1');
    expect(embeddedIpv4('::7f00:1')).to.equal('127.0.0.1');
    expect(embeddedIpv4('64:ff9b::10.0.0.1')).to.equal('10.0.0.1');
    expect(embeddedIpv4('2002:c0a8:101::')).to.equal('192.168.1.1');
    for (const plain of ['::1', '::', '2001:4860:4860::8888', 'fe80::1', '127.0.0.1', 'example.com', '1::2::3', '::ffff:1:2:3:4:5:6:7']) {
      expect(embeddedIpv4(plain), plain).to.equal(null);
    }
  });
});

describe('Inbox connection state', () => {
  const evo = () =>
    Inbox.create('i1', 't1', { name: 'Evo', channel: 'evolution', baseUrl: 'https://evo.example.com', instance: 'loja', apiKey: 'k' }, NOW);
  const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

  it('starts unknown, then keeps each newer report with its time, telling the state it replaced', () => {
    const inbox = evo();
    expect(inbox.snapshot()).to.include({ connectionState: null, connectionStateAt: null });
    expect(inbox.reportConnection('open', at(1), at(2))).to.deep.equal({ previous: null });
    expect(inbox.reportConnection('close', at(3), at(4))).to.deep.equal({ previous: 'open' });
    expect(inbox.snapshot()).to.include({
      connectionState: 'close',
      connectionStateAt: at(3).toISOString(),
      updatedAt: at(4).toISOString(),
    });
  });

  it('ignores a report older than the state it keeps', () => {
    const inbox = evo();
    inbox.reportConnection('close', at(5), at(6));
    expect(inbox.reportConnection('open', at(1), at(7))).to.equal(undefined);
    expect(inbox.snapshot()).to.include({
      connectionState: 'close',
      connectionStateAt: at(5).toISOString(),
      updatedAt: at(6).toISOString(),
    });
  });
});
