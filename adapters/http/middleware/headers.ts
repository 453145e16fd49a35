import { Middleware } from 'koa';
import { allowedOrigins } from './allowed-origins';

/** Every answer: the browser must not guess a type other than the one declared. */
export const noSniff = (): Middleware => async (ctx, next) => {
  ctx.set('X-Content-Type-Options', 'nosniff');
  await next();
};

const METHODS = 'GET, POST, PUT, DELETE';
const REQUEST_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id';
/** What a browser client may read from an answer besides the simple headers. */
const EXPOSED = 'Location, Idempotent-Replayed, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id';

/**
 * CORS for the listed origins only (none by default, so no browser page elsewhere can call the API); a
 * `*.` origin lists every subdomain of the rest (`allowed-origins.ts`). A preflight from a listed origin is
 * answered here with 204; every answer to a listed origin, errors included, carries the headers a browser
 * needs to read it.
 */
export const cors = (origins: readonly string[]): Middleware => {
  const allowed = allowedOrigins(origins);
  const any = origins.length > 0;
  return async (ctx, next) => {
    const origin = any ? ctx.get('Origin') : '';
    if (any) ctx.vary('Origin');
    if (!origin || !allowed(origin)) {
      await next();
      return;
    }
    ctx.set('Access-Control-Allow-Origin', origin);
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
      ctx.set('Access-Control-Allow-Methods', METHODS);
      ctx.set('Access-Control-Allow-Headers', REQUEST_HEADERS);
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    ctx.set('Access-Control-Expose-Headers', EXPOSED);
    await next();
  };
};
