import { Context, Middleware } from 'koa';

/** Takes each answered request's duration (the metrics adapter's histogram). */
export interface RequestObserver {
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void;
}

export interface AccessLogOptions {
  /** The template of the route that took the request (`/api/v1/deals/:id`), or `unmatched`. */
  routeOf(ctx: Context): string;
  metrics?: RequestObserver;
}

/**
 * Outermost but for the request id: every request, refusals and errors included, is timed once it is
 * answered, under its route's template, so ids never become labels.
 */
export const accessLog = (options: AccessLogOptions): Middleware => async (ctx, next) => {
  const started = process.hrtime.bigint();
  let thrown = false;
  try {
    await next();
  } catch (err) {
    thrown = true;
    throw err;
  } finally {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const status = thrown ? 500 : ctx.status;
    options.metrics?.observeRequest({ method: ctx.method, route: options.routeOf(ctx), status, seconds });
  }
};
