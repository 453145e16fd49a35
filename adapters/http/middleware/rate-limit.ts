import Router from '@koa/router';
import { Context, Middleware } from 'koa';
import { Metrics, RateLimitScope } from '../../../application/shared/metrics';
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

/**
 * One point of `key`'s budget, or null when the limiter fails (it rejects: its store did not answer in
 * time and it had no share of its own to answer from, or a fault). The request then goes through, and the
 * failure is counted: a limiter that cannot answer neither turns a request into a 500 nor refuses traffic
 * the API can serve (docs/operations.md "Rate limits").
 */
export async function consumeOrLetThrough(
  limiter: Consumes,
  key: string,
  scope: RateLimitScope,
  metrics?: Pick<Metrics, 'count'>,
): Promise<RateLimitDecision | null> {
  try {
    return await limiter.consume(key);
  } catch {
    metrics?.count('rateLimitFailures', { scope });
    return null;
  }
}

/**
 * Per API key; the RateLimit-* headers go on every keyed response, refused ones included (none when the
 * limiter failed). A refusal is counted.
 */
export const rateLimit =
  (limiter: Consumes, metrics?: Pick<Metrics, 'count'>): Middleware =>
  async (ctx, next) => {
    const d = await consumeOrLetThrough(limiter, `key:${ctx.state.apiKeyId}`, 'key', metrics);
    if (d) setHeaders(ctx, d);
    if (d && !d.allowed) {
      metrics?.count('rateLimitedRequests', { scope: 'key' });
      throw new RateLimited(Math.max(1, d.resetSeconds));
    }
    await next();
  };

/** The decision to show: a refusal, else the budget closest to running out; a failed check shows nothing. */
const tighter = (a: RateLimitDecision | null, b: RateLimitDecision | null): RateLimitDecision | null => {
  if (!a || !b) return a ?? b;
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
      const byAddress = await consumeOrLetThrough(limits.perAddress, `address:${clientAddressKey(ctx.ip)}`, 'public', metrics);
      const d =
        byAddress && !byAddress.allowed
          ? byAddress
          : tighter(byAddress, await consumeOrLetThrough(limits.perEndpoint, `endpoint:${endpoint}`, 'public', metrics));
      if (d) setHeaders(ctx, d);
      if (d && !d.allowed) {
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
