// Every outbound provider call goes through this guard. A provider URL comes from configuration or an
// inbox, and the call carries the inbox's credentials, so it may reach public addresses only: never
// loopback or private networks (unless the operator allows them), and never link-local, cloud metadata,
// unspecified or reserved addresses, nor this API itself, however the address is written.
//
// A name is resolved once, in the `lookup` of the connection itself, and the connection is handed exactly
// the addresses that were checked: there is no second resolution for a DNS answer to change in between.
// A literal address is connected to without any lookup, so it is judged before the call.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, LookupFunction, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { ProviderFailure } from '../../application/whatsapp/whatsapp-provider';
import { embeddedIpv4 } from '../../domain/whatsapp/provider-url';

export type HostResolver = (hostname: string) => Promise<string[]>;

const systemResolver: HostResolver = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

const blockList = (subnets: string[]): BlockList => {
  const list = new BlockList();
  for (const subnet of subnets) {
    const [address, prefix] = subnet.split('/');
    list.addSubnet(address, Number(prefix), isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
};

/** Never a provider: unspecified, link-local and cloud metadata, multicast, reserved, documentation and protocol ranges. */
const NEVER = blockList([
  '0.0.0.0/8',
  '169.254.0.0/16',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '100.100.100.200/32',
  '168.63.129.16/32', // Alibaba Cloud metadata, Azure platform endpoint
  '::/128',
  'fe80::/10',
  'ff00::/8',
  '100::/64',
  '2001::/23',
  '2001:db8::/32',
  'fd00:ec2::254/128', // AWS metadata over IPv6
]);
/** Loopback and private networks: a provider only where the operator allows it (a self-hosted gateway). */
const PRIVATE = blockList([
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '198.18.0.0/15',
  '::1/128',
  'fc00::/7',
  'fec0::/10',
  '64:ff9b:1::/48',
]);
const LOOPBACK = blockList(['127.0.0.0/8', '::1/128']);
/** Other IPv6 space (outside global unicast 2000::/3) is never public. */
const GLOBAL_UNICAST = blockList(['2000::/3']);

/** An address as the checks compare it: no brackets or zone, an IPv6 form of an IPv4 address as that IPv4 address. */
const canonical = (address: string): string => {
  const bare = address
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  return embeddedIpv4(bare) ?? bare;
};

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** `public`, `private` (loopback and private networks) or `never` (everything else that is not public). */
export const kindOfAddress = (raw: string): 'public' | 'private' | 'never' => {
  const address = canonical(raw);
  if (isIP(address) === 0) return 'never';
  const family = familyOf(address);
  if (NEVER.check(address, family)) return 'never';
  if (PRIVATE.check(address, family)) return 'private';
  return family === 'ipv4' || GLOBAL_UNICAST.check(address, 'ipv6') ? 'public' : 'never';
};

const isLoopback = (address: string): boolean => LOOPBACK.check(address, familyOf(address));
const isUnspecified = (address: string): boolean => address === '0.0.0.0' || address === '::';

/** The addresses of this machine's interfaces: where an API listening on all of them can be reached. */
const localAddresses = (): Set<string> =>
  new Set(Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => canonical(i.address))));

const portOf = (url: URL): string => url.port || (url.protocol === 'https:' ? '443' : '80');
const rejected = (message: string): ProviderFailure => new ProviderFailure('rejected', message);

export interface ProviderUrlGuardOptions {
  /** Where this API listens (e.g. `http://127.0.0.1:3000`): never a provider. */
  selfOrigins?: string[];
  /** Lets providers live on loopback and private networks; link-local, metadata and this API stay refused. */
  allowPrivateNetworks?: boolean;
  /** Name resolution: the system resolver unless a test injects one. */
  resolve?: HostResolver;
  /** What the messages call the target (`provider` unless told: `The provider URL is not valid`). */
  noun?: string;
}

/** One call's URL and the `lookup` its connection must use. */
export interface GuardedTarget {
  url: URL;
  lookup: LookupFunction;
}

export class ProviderUrlGuard {
  private readonly self: { host: string; port: string }[];
  private readonly allowPrivateNetworks: boolean;
  private readonly resolve: HostResolver;
  private readonly noun: string;

  constructor(options: ProviderUrlGuardOptions = {}) {
    this.self = (options.selfOrigins ?? []).map((o) => new URL(o)).map((u) => ({ host: canonical(u.hostname), port: portOf(u) }));
    this.allowPrivateNetworks = options.allowPrivateNetworks ?? false;
    this.resolve = options.resolve ?? systemResolver;
    this.noun = options.noun ?? 'provider';
  }

  /**
   * Judges a URL as a call would, its name resolved now: for a URL registered to be called later (an event
   * subscription), which every call judges again through `prepare`'s lookup. Throws as `prepare` and the lookup do.
   */
  async check(target: string): Promise<URL> {
    const { url } = this.prepare(target);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!isIP(host)) await this.resolveChecked(host, portOf(url));
    return url;
  }

  /** Throws a `rejected` ProviderFailure for a URL refused by its text alone; otherwise the lookup to connect with. */
  prepare(target: string): GuardedTarget {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw rejected(`The ${this.noun} URL is not valid`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw rejected(`The ${this.noun} URL must use http or https`);
    const port = portOf(url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) this.judge(host, port, null);
    return { url, lookup: this.lookupFor(port) };
  }

  private lookupFor(port: string): LookupFunction {
    return (hostname, options, callback) => {
      this.resolveChecked(hostname, port).then(
        (found) => {
          const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
          const addresses = found.filter((a) => family === 0 || isIP(a) === family);
          if (addresses.length === 0)
            callback(new ProviderFailure('unreachable', `The ${this.noun} host ${hostname} has no IPv${family} address`), '');
          else if (options.all)
            callback(
              null,
              addresses.map((address) => ({ address, family: isIP(address) })),
            );
          else callback(null, addresses[0], isIP(addresses[0]));
        },
        (err: ProviderFailure) => callback(err, ''),
      );
    };
  }

  private async resolveChecked(hostname: string, port: string): Promise<string[]> {
    let addresses: string[];
    try {
      addresses = await this.resolve(hostname);
    } catch {
      throw new ProviderFailure('unreachable', `The ${this.noun} host ${hostname} could not be resolved`);
    }
    if (addresses.length === 0) throw new ProviderFailure('unreachable', `The ${this.noun} host ${hostname} could not be resolved`);
    // Every answer must pass: the connection may try any of them.
    for (const address of addresses) this.judge(address, port, hostname);
    return addresses;
  }

  private judge(raw: string, port: string, hostname: string | null): void {
    const address = canonical(raw);
    const where =
      hostname === null
        ? `The ${this.noun} address ${raw.replace(/%.*$/, '')}`
        : `The ${this.noun} host ${hostname} resolves to ${raw.replace(/%.*$/, '')}, which`;
    if (this.pointsAtSelf(address, port)) throw rejected(`The ${this.noun} URL points at this API`);
    const kind = kindOfAddress(address);
    if (kind === 'never') throw rejected(`${where} is a link-local, metadata or otherwise non-public address`);
    if (kind === 'private' && !this.allowPrivateNetworks) {
      throw rejected(
        `${where} is on a loopback or private network, which ${this.noun}s may use only where the operator allows private networks`,
      );
    }
  }

  private pointsAtSelf(address: string, port: string): boolean {
    return this.self.some((s) => {
      if (s.port !== port) return false;
      if (s.host === address) return true;
      const listensOnLoopback = s.host === 'localhost' || isUnspecified(s.host) || (isIP(s.host) !== 0 && isLoopback(s.host));
      if (listensOnLoopback && isLoopback(address)) return true;
      return isUnspecified(s.host) && localAddresses().has(address);
    });
  }
}
