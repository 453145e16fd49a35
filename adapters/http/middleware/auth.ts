import { Middleware } from 'koa';
import { Metrics } from '../../../application/shared/metrics';
import { RateLimitDecision, RateLimiter } from '../../../application/shared/rate-limiter';
import { AuthenticateApiKey, Authenticated } from '../../../application/teams/authenticate-api-key';
import { Unauthorized } from '../../../domain/shared/errors';
import { apiKeyActor } from '../../../domain/shared/team';
import { RateLimited } from '../shared/http-errors';
import { clientAddressKey } from './client-address';
import { consumeOrLetThrough } from './rate-limit';

/** Counts failed authentications per client address, and knows an address whose budget of them is spent. */
export type AuthFailureLimiter = Pick<RateLimiter, 'consume' | 'knownRefusal'>;

const refused = (d: RateLimitDecision) => new RateLimited(Math.max(1, d.resetSeconds));

/**
 * `Authorization: Bearer <key>`: the key fixes the team for the whole request. With `failures`, every 401
 * takes a point of its client address's budget; once that is spent, the address is answered 429 until
 * the window resets, before any key it sends is looked up, a valid one included: were only the failures
 * refused, a guess that hits would still stand out by its 200. Every such 429 is counted.
 */
export const authenticate =
  (auth: AuthenticateApiKey, failures?: AuthFailureLimiter, metrics?: Pick<Metrics, 'count'>): Middleware =>
  async (ctx, next) => {
    const refuse = (d: RateLimitDecision) => {
      metrics?.count('rateLimitedRequests', { scope: 'auth' });
      return refused(d);
    };
    const address = `address:${clientAddressKey(ctx.ip)}`;
    const blocked = failures?.knownRefusal(address);
    if (blocked) throw refuse(blocked);
    const m = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'));
    let who: Authenticated;
    try {
      who = await auth.execute({ key: m?.[1] });
    } catch (err) {
      if (failures && err instanceof Unauthorized) {
        const d = await consumeOrLetThrough(failures, address, 'auth', metrics);
        if (d && !d.allowed) throw refuse(d);
      }
      throw err;
    }
    ctx.state.team = { teamId: who.teamId, actor: apiKeyActor(who.apiKeyId), requestId: ctx.state.requestId as string | undefined };
    ctx.state.apiKeyId = who.apiKeyId;
    await next();
  };
