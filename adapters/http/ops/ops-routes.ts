import Router from '@koa/router';
import { Context } from 'koa';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Readiness } from '../../../application/shared/readiness';
import { Unauthorized } from '../../../domain/shared/errors';

/**
 * The operational endpoints, outside the API prefix and the OpenAPI document: liveness, readiness and
 * the metrics scrape. No API key, no rate limit, logged at debug: load balancers, orchestrators and
 * Prometheus call them every few seconds.
 */
export const OPS_PATHS = { health: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

const paths: readonly string[] = Object.values(OPS_PATHS);

export const isOpsPath = (path: string): boolean => paths.includes(path);

export interface OpsDeps {
  /** Whether the node's dependencies answer; `/readyz` is not served without it. */
  readiness?: { execute(): Promise<Readiness> };
  /** The metrics in the Prometheus text format (the whole cluster's, in a cluster); `/metrics` is not served without it. */
  scrape?: () => Promise<{ contentType: string; text: string }>;
  /** When set, `/metrics` wants it as `Authorization: Bearer <token>`. */
  metricsToken?: string;
}

const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Compared as digests of equal length, in constant time: the answer's timing tells nothing of the token. */
const bearerMatches = (header: string, token: string): boolean => {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
};

export function opsRouter(deps: OpsDeps): Router {
  const router = new Router();
  // Liveness: the process serves. It asks no dependency, so a database outage never restarts the node.
  router.get(OPS_PATHS.health, (ctx) => {
    noStore(ctx);
    ctx.body = { status: 'ok' };
  });
  const { readiness, scrape, metricsToken } = deps;
  if (readiness) {
    router.get(OPS_PATHS.ready, async (ctx) => {
      const { ready, checks } = await readiness.execute();
      noStore(ctx);
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'not ready', checks };
    });
  }
  if (scrape) {
    router.get(OPS_PATHS.metrics, async (ctx) => {
      if (metricsToken !== undefined && !bearerMatches(ctx.get('Authorization'), metricsToken)) {
        throw new Unauthorized('Missing or wrong metrics token');
      }
      const { contentType, text } = await scrape();
      noStore(ctx);
      ctx.body = text;
      ctx.set('Content-Type', contentType);
    });
  }
  return router;
}
