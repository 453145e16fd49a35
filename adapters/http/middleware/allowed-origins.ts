/**
 * The browser origins CORS allows: exact origins (`https://painel.example.com`), and origins whose host
 * starts with `*.` (`https://*.example.com`), which allow every subdomain of the rest on the same scheme and
 * port. A wildcard is matched by comparing the parsed origin's parts, never through a pattern built from
 * the setting's text.
 */
interface Subdomains {
  protocol: string;
  /** `.example.com`: what an allowed host ends with, the dot included. */
  suffix: string;
  /** '' for the scheme's default port. */
  port: string;
}

/** `text` read as an origin, exactly as a browser sends one (lower case, no path, default port left out), or null. */
const exactOrigin = (text: string): URL | null => {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== text) return null;
  return url;
};

const WILDCARD = '://*.';

/** `https://*.example.com[:port]` read as the subdomains it allows, or null when it is not one. */
function subdomainsOf(text: string): Subdomains | null {
  const at = text.indexOf(WILDCARD);
  if (at < 0) return null;
  const rest = exactOrigin(text.slice(0, at + 3) + text.slice(at + WILDCARD.length));
  // A name of two labels at least (not every `.com`): no other `*`, no address.
  if (!rest || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(rest.hostname) || /^[0-9.]+$/.test(rest.hostname)) return null;
  return { protocol: rest.protocol, suffix: `.${rest.hostname}`, port: rest.port };
}

/** Whether `text` is an origin or a `*.` origin CORS_ORIGINS takes. */
export const isOriginPattern = (text: string): boolean =>
  (exactOrigin(text) !== null && !text.includes('*')) || subdomainsOf(text) !== null;

/** Whether a request's `Origin` is one of `patterns` (each taken by `isOriginPattern`). */
export function allowedOrigins(patterns: readonly string[]): (origin: string) => boolean {
  const exact = new Set(patterns.filter((p) => !p.includes('*')));
  const wildcards = patterns.map(subdomainsOf).filter((s): s is Subdomains => s !== null);
  return (origin) => {
    if (exact.has(origin)) return true;
    if (wildcards.length === 0) return false;
    const url = exactOrigin(origin);
    // A host name only: no `*` of its own, no address.
    if (!url || !/^[a-z0-9.-]+$/.test(url.hostname)) return false;
    return wildcards.some((w) => url.protocol === w.protocol && url.port === w.port && url.hostname.endsWith(w.suffix));
  };
}
