// Checked before every outbound call: a provider base URL may not lead back into the API itself, nor to
// a link-local or cloud metadata address, even through a DNS name that resolves there.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ProviderFailure } from '../../application/whatsapp/whatsapp-provider';
import { isLinkLocalOrMetadataHost } from '../../domain/whatsapp/provider-url';

export type HostResolver = (hostname: string) => Promise<string[]>;

const systemResolver: HostResolver = async (hostname) => (await lookup(hostname, { all: true })).map((a) => a.address);

const LOOPBACK_OR_ANY = (host: string): boolean =>
  host === 'localhost' || host === '::1' || host === '::' || host === '0.0.0.0' || /^127\./.test(host) || host === '::ffff:127.0.0.1';

const portOf = (url: URL): string => url.port || (url.protocol === 'https:' ? '443' : '80');
const bare = (hostname: string): string => hostname.toLowerCase().replace(/^\[|\]$/g, '');

export class ProviderUrlGuard {
  private readonly self: URL[];

  /** `selfOrigins`: where this API listens (e.g. `http://127.0.0.1:3000`). */
  constructor(selfOrigins: string[] = [], private readonly resolve: HostResolver = systemResolver) {
    this.self = selfOrigins.map((o) => new URL(o));
  }

  async check(target: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new ProviderFailure('rejected', 'The provider URL is not valid');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProviderFailure('rejected', 'The provider URL must use http or https');
    const host = bare(url.hostname);
    if (isLinkLocalOrMetadataHost(host)) throw new ProviderFailure('rejected', 'The provider URL points at a link-local or metadata address');
    if (this.pointsAtSelf(url, host)) throw new ProviderFailure('rejected', 'The provider URL points at this API');
    if (isIP(host)) return;
    let addresses: string[];
    try {
      addresses = await this.resolve(host);
    } catch {
      throw new ProviderFailure('unreachable', `The provider host ${host} could not be resolved`);
    }
    if (addresses.some((a) => isLinkLocalOrMetadataHost(a))) {
      throw new ProviderFailure('rejected', 'The provider URL resolves to a link-local or metadata address');
    }
  }

  private pointsAtSelf(url: URL, host: string): boolean {
    return this.self.some((s) => {
      if (portOf(s) !== portOf(url)) return false;
      const selfHost = bare(s.hostname);
      return selfHost === host || (LOOPBACK_OR_ANY(selfHost) && LOOPBACK_OR_ANY(host));
    });
  }
}
