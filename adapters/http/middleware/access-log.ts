import { Context, Middleware } from 'koa';
import { Logger } from '../../../application/shared/logger';

/** Takes each answered request's duration (the metrics adapter's histogram). */
export interface RequestObserver {
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void;
}

export interface AccessLogOptions {
  logger: Logger;
  /** The template of the route that took the request (`/api/v1/deals/:id`), or `unmatched`. */
  routeOf(ctx: Context): string;
  /** Requests logged at debug rather than info: health probes and metrics scrapes, every few seconds. */
  quiet?(ctx: Context): boolean;
  metrics?: RequestObserver;
}

/**
 * Outermost but for the request id: every request, refusals and errors included, is timed and logged
 * once it is answered. One line: the request id it was answered with, the method, the route's template,
 * the status, the time in ms, the serving process and, once a key authenticated it, the team. Never the
 * path as sent (ids, an inbound endpoint id that may be its only credential), the query string (a verify
 * token), a header or a body. An unexpected error is logged by the error handler, with the same request id.
 */
export const accessLog =
  (options: AccessLogOptions): Middleware =>
  async (ctx, next) => {
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
      const route = options.routeOf(ctx);
      options.metrics?.observeRequest({ method: ctx.method, route, status, seconds });
      const teamId = (ctx.state.team as { teamId?: string } | undefined)?.teamId;
      const fields: Record<string, unknown> = {
        requestId: ctx.state.requestId,
        method: ctx.method,
        route,
        status,
        durationMs: Math.round(seconds * 1e4) / 10,
        pid: process.pid,
      };
      if (teamId) fields.teamId = teamId;
      if (options.quiet?.(ctx)) options.logger.debug(fields, 'request');
      else options.logger.info(fields, 'request');
    }
  };
