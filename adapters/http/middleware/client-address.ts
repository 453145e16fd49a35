// The client's address, which the per-address limits count, and its budget key.
import { Middleware } from 'koa';
import { isIP, isIPv6 } from 'node:net';

/** The longest text of an IP address (IPv6 with an IPv4 tail): a longer entry is not one. */
const LONGEST_ADDRESS = 45;

/** The eight groups of an IPv6 address, as numbers (an embedded IPv4 tail is two groups). */
const ipv6Groups = (ip: string): number[] => {
  const toGroups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = ip.split('::');
  if (tail === undefined) return toGroups(head);
  const left = toGroups(head);
  const right = toGroups(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
};

/**
 * `text` written one way per address, or none when it is not an IP address (a zone, `%eth0`, is not
 * part of one). An IPv4-mapped IPv6 address, however written (`::ffff:1.2.3.4`, `::FFFF:102:304`), is
 * its IPv4 address: a dual-stack socket gives IPv4 clients in that form.
 */
export const normalAddress = (text: string): string | undefined => {
  if (text.length > LONGEST_ADDRESS) return undefined;
  const kind = isIP(text);
  if (kind === 4) return text;
  if (kind !== 6 || text.includes('%')) return undefined;
  const g = ipv6Groups(text);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.');
  return text.toLowerCase();
};

/**
 * The X-Forwarded-For entry `hops` from the right (the first when there are fewer), trimmed. Read from
 * the right: what a client wrote before the proxies' entries is never split, however long.
 */
const forwardedEntry = (header: string, hops: number): string => {
  let end = header.length;
  let start = header.lastIndexOf(',', end - 1) + 1;
  for (let i = 1; i < hops && start > 0; i++) {
    end = start - 1;
    start = header.lastIndexOf(',', end - 1) + 1;
  }
  return header.slice(start, end).trim();
};

/**
 * Sets `ctx.ip`: with `trustedProxyHops` proxies in front that append to X-Forwarded-For, the entry they
 * wrote for the client, when it is an IP address; else (none trusted, or an entry that is not an
 * address) the connection's. Only an address can become a budget key, never text a client chose.
 */
export const clientAddress =
  (trustedProxyHops: number): Middleware =>
  async (ctx, next) => {
    const peer = ctx.request.socket.remoteAddress ?? '';
    const header = trustedProxyHops > 0 ? ctx.get('X-Forwarded-For') : '';
    const forwarded = header ? normalAddress(forwardedEntry(header, trustedProxyHops)) : undefined;
    ctx.request.ip = forwarded ?? normalAddress(peer.replace(/%.*$/, '')) ?? peer;
    await next();
  };

/**
 * The client's address (as `clientAddress` wrote it) as a budget key: an IPv4 address as is; an IPv6
 * address by its /64, since one subscriber is given a whole /64 and could otherwise take a fresh budget
 * per address.
 */
export const clientAddressKey = (ip: string): string => {
  // An IPv4 address, the common case, spares the IPv6 test (a long regular expression run on every request).
  if (!ip.includes(':') || !isIPv6(ip)) return ip;
  return `${ipv6Groups(ip)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
};
