import { Middleware } from 'koa';
import { ValidationFailed } from '../../../domain/shared/errors';

/** The path of the first string holding a NUL character, or null. */
function nulIn(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulIn(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = nulIn(k, path) ?? nulIn(v, path ? `${path}.${k}` : k);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text and JSON cannot hold the NUL character (SQLite and memory can), so one request would
 * succeed on one backend and fail with 500 on another. It is refused at the edge, the same everywhere.
 */
export const rejectNul = (): Middleware => async (ctx, next) => {
  const field = nulIn(ctx.query, '') ?? nulIn(ctx.request.body, '') ?? (ctx.path.includes('\u0000') ? 'path' : null);
  if (field !== null) throw new ValidationFailed(`${field || 'body'} must not contain the NUL character`, field || undefined);
  await next();
};
