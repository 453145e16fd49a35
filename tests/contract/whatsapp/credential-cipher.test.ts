import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { AesGcmCipher, NoKeyCipher, parseSecretsKey } from '../../../adapters/system/aes-gcm-cipher';

const KEY = randomBytes(32);

/** `sealed` with one byte of its `part` (1 iv, 2 tag, 3 ciphertext) changed. */
const tampered = (sealed: string, part: number): string => {
  const parts = sealed.split(':');
  const bytes = Buffer.from(parts[part], 'base64');
  bytes[0] ^= 0x01;
  parts[part] = bytes.toString('base64');
  return parts.join(':');
};

describe('AesGcmCipher (inbox credentials at rest)', () => {
  const cipher = new AesGcmCipher(KEY);

  it('opens what it sealed, and never writes the plain text', () => {
    const plain = JSON.stringify({ channel: 'cloud_api', phoneNumberId: '1065', accessToken: 'EAAG-secret-token-ção' });
    const sealed = cipher.seal(plain);
    expect(sealed).to.match(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(sealed).to.not.contain('EAAG');
    expect(cipher.open(sealed)).to.equal(plain);
    expect(cipher.open(cipher.seal(''))).to.equal('');
  });

  it('uses a fresh 12-byte IV for every value', () => {
    const a = cipher.seal('same');
    const b = cipher.seal('same');
    expect(a).to.not.equal(b);
    expect(Buffer.from(a.split(':')[1], 'base64')).to.have.length(12);
    expect(Buffer.from(a.split(':')[2], 'base64')).to.have.length(16);
  });

  it('refuses a sealed value that was altered in its IV, tag or ciphertext', () => {
    const sealed = cipher.seal('{"apiKey":"evo-key"}');
    for (const part of [1, 2, 3]) expect(() => cipher.open(tampered(sealed, part)), `part ${part}`).to.throw(/could not be opened/);
  });

  it('refuses a value sealed with another key', () => {
    const sealed = new AesGcmCipher(randomBytes(32)).seal('secret');
    expect(() => cipher.open(sealed)).to.throw(/could not be opened/);
  });

  it('refuses what is not a sealed value', () => {
    for (const text of ['', '{"channel":"sandbox"}', 'v1:abc', 'v2:AAAA:AAAA:AAAA', 'v1:AAAA:AAAA:AAAA']) {
      expect(() => cipher.open(text), text).to.throw();
    }
  });

  it('needs a 32-byte key', () => {
    expect(() => new AesGcmCipher(randomBytes(16))).to.throw(/32 bytes/);
  });
});

describe('AesGcmCipher with a previous key (SECRETS_KEY_PREVIOUS, while the key is rotated)', () => {
  const OLD = randomBytes(32);
  const NEW = randomBytes(32);
  const sealedOld = new AesGcmCipher(OLD).seal('{"apiKey":"evo-old"}');

  it('opens what the previous key sealed only when that key is given, and seals with the current key', () => {
    expect(() => new AesGcmCipher(NEW).open(sealedOld)).to.throw(/could not be opened/);
    const rotating = new AesGcmCipher(NEW, [OLD]);
    expect(rotating.open(sealedOld)).to.equal('{"apiKey":"evo-old"}');
    const sealedNew = rotating.seal('{"apiKey":"evo-new"}');
    expect(new AesGcmCipher(NEW).open(sealedNew), 'sealed with SECRETS_KEY').to.equal('{"apiKey":"evo-new"}');
    expect(() => new AesGcmCipher(OLD).open(sealedNew), 'never with the previous key').to.throw(/could not be opened/);
  });

  it('reseals what a previous key sealed under the current one, and leaves what the current key sealed', () => {
    const rotating = new AesGcmCipher(NEW, [OLD]);
    const resealed = rotating.reseal(sealedOld);
    expect(resealed).to.be.a('string');
    expect(new AesGcmCipher(NEW).open(resealed!)).to.equal('{"apiKey":"evo-old"}');
    expect(rotating.reseal(resealed!), 'already under the current key').to.equal(null);
    expect(() => rotating.reseal(new AesGcmCipher(randomBytes(32)).seal('x')), 'no key opens it').to.throw(/could not be opened/);
  });
});

describe('NoKeyCipher (SECRETS_KEY not set)', () => {
  it('refuses to seal or open, saying SECRETS_KEY is required', () => {
    const none = new NoKeyCipher();
    expect(() => none.seal('x')).to.throw(/SECRETS_KEY is required/);
    expect(() => none.open(new AesGcmCipher(KEY).seal('x'))).to.throw(/SECRETS_KEY is required/);
    expect(() => none.reseal(new AesGcmCipher(KEY).seal('x'))).to.throw(/SECRETS_KEY is required/);
  });
});

describe('parseSecretsKey', () => {
  it('reads 32 bytes written as 64 hex characters or in base64', () => {
    expect(parseSecretsKey(KEY.toString('hex'))).to.deep.equal(KEY);
    expect(parseSecretsKey(KEY.toString('hex').toUpperCase())).to.deep.equal(KEY);
    expect(parseSecretsKey(KEY.toString('base64'))).to.deep.equal(KEY);
    expect(parseSecretsKey(KEY.toString('base64url'))).to.deep.equal(KEY);
    expect(parseSecretsKey(` ${KEY.toString('hex')}\n`)).to.deep.equal(KEY);
  });

  it('refuses another length or encoding, naming SECRETS_KEY', () => {
    const bad = [
      randomBytes(31).toString('hex'),
      randomBytes(33).toString('hex'),
      randomBytes(16).toString('base64'),
      randomBytes(48).toString('base64'),
      `${KEY.toString('hex').slice(0, 63)}g`,
      `${KEY.toString('base64').slice(0, 42)}!=`,
      'secret',
      'correct horse battery staple',
    ];
    for (const text of bad) expect(() => parseSecretsKey(text), text).to.throw(/SECRETS_KEY/);
  });
});
