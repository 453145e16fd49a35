import { randomUUID } from 'node:crypto';
import { Middleware } from 'koa';

const SANE = /^[A-Za-z0-9._-]{1,128}$/;

/** Every response carries X-Request-Id: a sane incoming one is echoed, otherwise a new one is made. */
export const requestId = (): Middleware => async (ctx, next) => {
  const incoming = ctx.get('X-Request-Id');
  const id = SANE.test(incoming) ? incoming : randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
  await next();
};
