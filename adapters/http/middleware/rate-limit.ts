import Router from '@koa/router';
import { Context, Middleware } from 'koa';
import { isIPv6 } from 'node:net';
import { Metrics } from '../../../application/shared/metrics';
import { RateLimitDecision, RateLimiter } from '../../../application/shared/rate-limiter';
import { RateLimited } from '../shared/http-errors';
import { Operation, OperationState } from '../shared/operation';

type Consumes = Pick<RateLimiter, 'consume'>;

const setHeaders = (ctx: Context, d: RateLimitDecision): void => {
  ctx.set('RateLimit-Limit', String(d.limit));
  ctx.set('RateLimit-Remaining', String(d.remaining));
  ctx.set('RateLimit-Reset', String(d.resetSeconds));
};

/** Per API key; the RateLimit-* headers go on every keyed response, refused ones included. A refusal is counted. */
export const rateLimit =
  (limiter: Consumes, metrics?: Pick<Metrics, 'count'>): Middleware =>
  async (ctx, next) => {
    const d = await limiter.consume(`key:${ctx.state.apiKeyId}`);
    setHeaders(ctx, d);
    if (!d.allowed) {
      metrics?.count('rateLimitedRequests', { scope: 'key' });
      throw new RateLimited(Math.max(1, d.resetSeconds));
    }
    await next();
  };

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
 * The client's address as a budget key: an IPv4 address as is (IPv4-mapped IPv6 too); an IPv6 address by
 * its /64, since one subscriber is given a whole /64 and could otherwise take a fresh budget per address.
 */
export const clientAddressKey = (ip: string): string => {
  // An IPv4 address, the common case, spares the IPv6 test (a long regular expression run on every request).
  if (!ip.includes(':')) return ip;
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1];
  if (!isIPv6(bare)) return bare;
  return `${ipv6Groups(bare)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
};

/** The decision to show: a refusal, else the budget closest to running out. */
const tighter = (a: RateLimitDecision, b: RateLimitDecision): RateLimitDecision => {
  if (!a.allowed) return a;
  if (!b.allowed) return b;
  return b.remaining < a.remaining ? b : a;
};

export interface PublicLimits {
  /** Per client address, across every public route. */
  perAddress: Consumes;
  /** Per endpoint: the route with its path parameters (an inbound endpoint id); the Cloud API webhook is one. */
  perEndpoint: Consumes;
}

/**
 * Limits the public operations (no API key) per client address and per endpoint, with the keyed routes'
 * RateLimit-* headers and 429, counted. Mounted before the bodies are read, so a refused flood costs no parsing.
 */
export function publicRateLimit(operations: readonly Operation[], limits: PublicLimits, prefix: string, metrics?: Pick<Metrics, 'count'>) {
  const router = new Router({ prefix });
  for (const op of operations) {
    router[op.method](op.path, async (ctx, next) => {
      const endpoint = op.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => String(ctx.params[name]));
      const byAddress = await limits.perAddress.consume(`address:${clientAddressKey(ctx.ip)}`);
      const d = byAddress.allowed ? tighter(byAddress, await limits.perEndpoint.consume(`endpoint:${endpoint}`)) : byAddress;
      setHeaders(ctx, d);
      if (!d.allowed) {
        // The refusal answers for this operation: the answer is checked against its documented statuses.
        (ctx.state as OperationState).operation = op;
        metrics?.count('rateLimitedRequests', { scope: 'public' });
        throw new RateLimited(Math.max(1, d.resetSeconds));
      }
      await next();
    });
  }
  return router.routes();
}
