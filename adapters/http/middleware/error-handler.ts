import { Middleware } from 'koa';
import { Logger } from '../../../application/shared/logger';
import { DomainError, ErrorKind } from '../../../domain/shared/errors';
import { HttpError, RateLimited } from '../shared/http-errors';
import { failure } from '../shared/envelope';

const STATUS: Record<ErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  plan_limit: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  internal: 500,
  bad_gateway: 502,
};

/**
 * A validation error lists every problem in `details.errors` (`[{ field, message }]`), the first one
 * being `details.field` and the message; one found by a single check lists just that one.
 */
const withErrorList = (err: DomainError): Record<string, unknown> | undefined => {
  if (err.kind !== 'validation' || err.code !== 'VALIDATION_ERROR' || Array.isArray(err.details?.errors)) return err.details;
  const field = typeof err.details?.field === 'string' ? err.details.field : undefined;
  return { ...err.details, errors: [field === undefined ? { message: err.message } : { field, message: err.message }] };
};

/**
 * Every 4xx/5xx leaves in the error envelope. Domain errors map by category; body-parser errors become
 * 400/413; anything unexpected is logged with the request id and answered 500 without internals.
 */
export const errorHandler =
  (logger: Logger): Middleware =>
  async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof DomainError) {
        ctx.status = STATUS[err.kind];
        ctx.body = failure(err.code, err.message, withErrorList(err));
        return;
      }
      if (err instanceof HttpError) {
        ctx.status = err.status;
        if (err instanceof RateLimited) ctx.set('Retry-After', String(err.retryAfterSeconds));
        ctx.body = failure(err.code, err.message);
        return;
      }
      const e = err as { status?: number; type?: string; expose?: boolean; message?: string };
      if (e.type === 'entity.too.large' || e.status === 413) {
        ctx.status = 413;
        ctx.body = failure('PAYLOAD_TOO_LARGE', 'Request body larger than allowed');
      } else if (e.type === 'entity.parse.failed' || e.status === 400) {
        ctx.status = 400;
        ctx.body = failure('VALIDATION_ERROR', 'Invalid JSON body');
      } else if (e.status === 415) {
        ctx.status = 415;
        ctx.body = failure('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
      } else {
        logger.error({ requestId: ctx.state.requestId, err, method: ctx.method, path: ctx.path }, 'unexpected error');
        ctx.status = 500;
        ctx.body = failure('INTERNAL_ERROR', 'Internal error');
      }
    }
  };
