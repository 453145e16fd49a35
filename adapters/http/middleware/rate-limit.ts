import Router from '@koa/router';
import { Context, Middleware } from 'koa';
import { Metrics } from '../../../application/shared/metrics';
import { RateLimitDecision, RateLimiter } from '../../../application/shared/rate-limiter';
import { RateLimited } from '../shared/http-errors';
import { Operation, OperationState } from '../shared/operation';
import { clientAddressKey } from './client-address';

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
