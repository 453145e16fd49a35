import { expect } from 'chai';
import { loadConfig } from '../../../bootstrap/config';

describe('Configuration: PROVIDER_ALLOW_PRIVATE_NETWORKS', () => {
  it('keeps provider calls off private networks unless it is 1 or true', () => {
    for (const off of [undefined, '', '0', 'false', 'FALSE']) {
      expect(loadConfig({ PROVIDER_ALLOW_PRIVATE_NETWORKS: off }).providerAllowPrivateNetworks, String(off)).to.equal(false);
    }
    for (const on of ['1', 'true', 'True']) expect(loadConfig({ PROVIDER_ALLOW_PRIVATE_NETWORKS: on }).providerAllowPrivateNetworks, on).to.equal(true);
  });

  it('refuses any other value, naming the variable', () => {
    for (const bad of ['yes', '2', 'on', 'tru']) {
      expect(() => loadConfig({ PROVIDER_ALLOW_PRIVATE_NETWORKS: bad }), bad).to.throw(/PROVIDER_ALLOW_PRIVATE_NETWORKS/);
    }
  });
});
