import { expect } from 'chai';
import { loadConfig } from '../../../bootstrap/config';

describe('Configuration: rate limits', () => {
  it('limits the public routes per client address and per endpoint by default, generously', () => {
    const config = loadConfig({});
    expect(config.publicRateLimitPerMinute).to.equal(600);
    expect(config.inboundRateLimitPerMinute).to.equal(1200);
  });

  it('limits failed authentications per client address by default', () => {
    expect(loadConfig({}).authFailureLimitPerMinute).to.equal(30);
    expect(loadConfig({ AUTH_FAILURE_LIMIT_PER_MINUTE: '5' }).authFailureLimitPerMinute).to.equal(5);
    expect(() => loadConfig({ AUTH_FAILURE_LIMIT_PER_MINUTE: '-1' })).to.throw(/AUTH_FAILURE_LIMIT_PER_MINUTE/);
  });

  it('reads each limit from its setting', () => {
    const config = loadConfig({ PUBLIC_RATE_LIMIT_PER_MINUTE: '50', INBOUND_RATE_LIMIT_PER_MINUTE: '70' });
    expect(config.publicRateLimitPerMinute).to.equal(50);
    expect(config.inboundRateLimitPerMinute).to.equal(70);
  });

  it('refuses a limit that is not a whole number, naming the setting', () => {
    expect(() => loadConfig({ PUBLIC_RATE_LIMIT_PER_MINUTE: 'lots' })).to.throw(/PUBLIC_RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ INBOUND_RATE_LIMIT_PER_MINUTE: '1.5' })).to.throw(/INBOUND_RATE_LIMIT_PER_MINUTE/);
  });

  it("takes the connection's address by default, no proxy being trusted unless one is said to be in front", () => {
    expect(loadConfig({}).trustedProxyHops).to.equal(0);
    expect(loadConfig({ TRUSTED_PROXY_HOPS: '1' }).trustedProxyHops).to.equal(1);
    expect(loadConfig({ TRUSTED_PROXY_HOPS: '0' }).trustedProxyHops).to.equal(0);
    expect(loadConfig({ TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).to.equal(2);
    expect(() => loadConfig({ TRUSTED_PROXY_HOPS: 'yes' })).to.throw(/TRUSTED_PROXY_HOPS/);
  });
});
