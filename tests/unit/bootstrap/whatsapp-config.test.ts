import { expect } from 'chai';
import { loadConfig } from '../../../bootstrap/config';

describe('Configuration: PROVIDER_ALLOW_PRIVATE_NETWORKS', () => {
  it('keeps provider calls off private networks unless it is 1 or true', () => {
    for (const off of [undefined, '', '0', 'false', 'FALSE']) {
      expect(loadConfig({ PROVIDER_ALLOW_PRIVATE_NETWORKS: off }).providerAllowPrivateNetworks, String(off)).to.equal(false);
    }
    for (const on of ['1', 'true', 'True'])
      expect(loadConfig({ PROVIDER_ALLOW_PRIVATE_NETWORKS: on }).providerAllowPrivateNetworks, on).to.equal(true);
  });

  it('refuses any other value, naming the variable', () => {
    for (const bad of ['yes', '2', 'on', 'tru']) {
      expect(() => loadConfig({ PROVIDER_ALLOW_PRIVATE_NETWORKS: bad }), bad).to.throw(/PROVIDER_ALLOW_PRIVATE_NETWORKS/);
    }
  });
});

describe('Configuration: SECRETS_KEY', () => {
  const HEX = 'a7bcfc2dda8a971ba876648c2672f4096d65dd141e661612af80a91b35a3927f';

  it('is absent unless set, and keeps a 32-byte key written in hex or base64', () => {
    expect(loadConfig({}).secretsKey).to.equal(undefined);
    expect(loadConfig({ SECRETS_KEY: '' }).secretsKey).to.equal(undefined);
    expect(loadConfig({ SECRETS_KEY: HEX }).secretsKey).to.equal(HEX);
    const b64 = Buffer.from(HEX, 'hex').toString('base64');
    expect(loadConfig({ SECRETS_KEY: b64 }).secretsKey).to.equal(b64);
  });

  it('refuses a key of another length or encoding at startup, naming the variable', () => {
    for (const bad of [HEX.slice(2), `${HEX}00`, 'not-a-key', Buffer.alloc(16).toString('base64')]) {
      expect(() => loadConfig({ SECRETS_KEY: bad }), bad).to.throw(/SECRETS_KEY/);
    }
  });
});

describe('Configuration: SECRETS_KEY_PREVIOUS', () => {
  const HEX = 'a7bcfc2dda8a971ba876648c2672f4096d65dd141e661612af80a91b35a3927f';
  const OLD = '5d0e2c1a9b8f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d';

  it('is absent unless set, and keeps the previous key beside SECRETS_KEY', () => {
    expect(loadConfig({ SECRETS_KEY: HEX }).secretsKeyPrevious).to.equal(undefined);
    expect(loadConfig({ SECRETS_KEY: HEX, SECRETS_KEY_PREVIOUS: OLD }).secretsKeyPrevious).to.equal(OLD);
  });

  it('refuses a key of another length, or a previous key without a current one, naming the variable', () => {
    expect(() => loadConfig({ SECRETS_KEY: HEX, SECRETS_KEY_PREVIOUS: OLD.slice(2) })).to.throw(/^SECRETS_KEY_PREVIOUS: got a value of 62/);
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: OLD })).to.throw(/^SECRETS_KEY_PREVIOUS: .*SECRETS_KEY/);
  });
});
