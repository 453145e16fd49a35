// The base URL of a provider that an operator configures. The API calls it with credentials from the
// server, so a URL that reaches cloud metadata services (link-local addresses) would leak them.
import { ValidationFailed } from '../shared/errors';

const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** True for addresses a provider may never live at: IPv4 169.254/16, IPv6 fe80::/10, and known metadata IPs. */
export const isLinkLocalOrMetadataHost = (hostname: string): boolean => {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (METADATA_HOSTS.has(host)) return true;
  if (/^169\.254\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  if (host === '100.100.100.200' || host === 'fd00:ec2::254') return true; // Alibaba, AWS IPv6
  if (/^fe[89ab][0-9a-f]:/.test(host)) return true;
  const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(host);
  if (mapped) return isLinkLocalOrMetadataHost(mapped[1]);
  // The URL parser writes a mapped IPv4 in hex: ::ffff:a9fe:a9fe is 169.254.169.254.
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mappedHex) return (parseInt(mappedHex[1], 16) >> 8) === 169 && (parseInt(mappedHex[1], 16) & 0xff) === 254;
  return false;
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
  if (isLinkLocalOrMetadataHost(url.hostname)) throw new ValidationFailed(`${field} must not point at a link-local or metadata address`, field);
  return url.toString().replace(/\/+$/, '');
};
