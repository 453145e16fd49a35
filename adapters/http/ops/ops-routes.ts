import Router from '@koa/router';
import { Context } from 'koa';
import { Readiness } from '../../../application/shared/readiness';

/**
 * The operational endpoints, outside the API prefix and the OpenAPI document: liveness, readiness and
 * the metrics scrape. No API key, no rate limit, logged at debug: load balancers and orchestrators call
 * them every few seconds.
 */
export const OPS_PATHS = { health: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

const paths: readonly string[] = Object.values(OPS_PATHS);

export const isOpsPath = (path: string): boolean => paths.includes(path);

export interface OpsDeps {
  /** Whether the node's dependencies answer; `/readyz` is not served without it. */
  readiness?: { execute(): Promise<Readiness> };
}

const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

export function opsRouter(deps: OpsDeps): Router {
  const router = new Router();
  // Liveness: the process serves. It asks no dependency, so a database outage never restarts the node.
  router.get(OPS_PATHS.health, (ctx) => {
    noStore(ctx);
    ctx.body = { status: 'ok' };
  });
  const { readiness } = deps;
  if (readiness) {
    router.get(OPS_PATHS.ready, async (ctx) => {
      const { ready, checks } = await readiness.execute();
      noStore(ctx);
      ctx.status = ready ? 200 : 503;
      ctx.body = { status: ready ? 'ready' : 'not ready', checks };
    });
  }
  return router;
}
