import { Middleware } from 'koa';
import { AuthenticateApiKey } from '../../../application/teams/authenticate-api-key';

/** `Authorization: Bearer <key>`: the key fixes the team for the whole request. */
export const authenticate = (auth: AuthenticateApiKey): Middleware => async (ctx, next) => {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'));
  const who = await auth.execute({ key: m?.[1] });
  ctx.state.team = { teamId: who.teamId };
  ctx.state.apiKeyId = who.apiKeyId;
  await next();
};
