import { Middleware } from 'koa';
import { RateLimiter } from '../../../application/shared/rate-limiter';
import { RateLimited } from '../shared/http-errors';

/** Per API key; the RateLimit-* headers go on every keyed response, refused ones included. */
export const rateLimit = (limiter: Pick<RateLimiter, 'consume'>): Middleware => async (ctx, next) => {
  const d = await limiter.consume(`key:${ctx.state.apiKeyId}`);
  ctx.set('RateLimit-Limit', String(d.limit));
  ctx.set('RateLimit-Remaining', String(d.remaining));
  ctx.set('RateLimit-Reset', String(d.resetSeconds));
  if (!d.allowed) throw new RateLimited(Math.max(1, d.resetSeconds));
  await next();
};
