// The base URL of a provider that an operator configures. The API calls it with credentials from the
// server, so a URL that reaches cloud metadata services (link-local addresses) would leak them.
import { ValidationFailed } from '../shared/errors';

const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** The eight 16-bit groups of an IPv6 address (without brackets or zone), or null when it is not one. */
const ipv6Groups = (text: string): number[] | null => {
  let s = text.toLowerCase();
  const dotted = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number);
    if ([a, b, c, d].some((x) => x > 255)) return null;
    s = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const words = (h: string): string[] => (h === '' ? [] : h.split(':'));
  const head = words(halves[0]);
  const tail = halves.length === 2 ? words(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...new Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  return groups.every((g) => /^[0-9a-f]{1,4}$/.test(g)) ? groups.map((g) => parseInt(g, 16)) : null;
};

/**
 * The IPv4 address that an IPv6 address stands for, so that it is judged as that address: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, but not :: or ::1), NAT64 (64:ff9b::a.b.c.d) and 6to4
 * (2002:aabb:ccdd::). Null for any other host.
 */
export const embeddedIpv4 = (host: string): string | null => {
  const g = ipv6Groups(host.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  if (!g) return null;
  const v4 = (hi: number, lo: number): string => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const zero = (from: number, to: number): boolean => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && g[5] === 0xffff) return v4(g[6], g[7]);
  if (zero(0, 6) && (g[6] !== 0 || g[7] > 1)) return v4(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return v4(g[6], g[7]);
  if (g[0] === 0x2002) return v4(g[1], g[2]);
  return null;
};

/** True for addresses a provider may never live at: IPv4 169.254/16, IPv6 fe80::/10, and known metadata IPs, in any IPv6 form. */
export const isLinkLocalOrMetadataHost = (hostname: string): boolean => {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (METADATA_HOSTS.has(host)) return true;
  if (/^169\.254\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  if (host === '100.100.100.200' || host === 'fd00:ec2::254') return true; // Alibaba, AWS IPv6
  if (/^fe[89ab][0-9a-f]:/.test(host)) return true;
  const v4 = embeddedIpv4(host);
  return v4 !== null && isLinkLocalOrMetadataHost(v4);
};

/** An absolute http(s) URL without credentials or query, outside link-local space; returned without a trailing slash. */
export const requireProviderBaseUrl = (raw: string, field = 'base_url'): string => {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ValidationFailed(`${field} must be an absolute URL`, field);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationFailed(`${field} must use http or https`, field);
  if (url.username || url.password) throw new ValidationFailed(`${field} must not carry credentials`, field);
  if (url.search || url.hash) throw new ValidationFailed(`${field} must not carry a query or fragment`, field);
  if (isLinkLocalOrMetadataHost(url.hostname))
    throw new ValidationFailed(`${field} must not point at a link-local or metadata address`, field);
  return url.toString().replace(/\/+$/, '');
};
