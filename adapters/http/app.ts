import Router from '@koa/router';
import Koa, { Context } from 'koa';
import bodyParser from 'koa-bodyparser';
import { Logger } from '../../application/shared/logger';
import { Metrics } from '../../application/shared/metrics';
import { RateLimiter } from '../../application/shared/rate-limiter';
import { AuthenticateApiKey } from '../../application/teams/authenticate-api-key';
import { NotFound } from '../../domain/shared/errors';
import { DOCS_PATH, docsRouter } from './docs/docs-routes';
import { RequestObserver, accessLog } from './middleware/access-log';
import { AuthFailureLimiter, authenticate } from './middleware/auth';
import { clientAddress } from './middleware/client-address';
import { errorHandler } from './middleware/error-handler';
import { cors, noSniff } from './middleware/headers';
import { PublicLimits, publicRateLimit, rateLimit } from './middleware/rate-limit';
import { requestId } from './middleware/request-id';
import { knownPath, wellFormedText } from './middleware/well-formed-input';
import { openApiDocument, WebhookDoc } from './openapi/openapi-document';
import { OPS_PATHS, OpsDeps, isOpsPath, opsRouter } from './ops/ops-routes';
import { MethodNotAllowed } from './shared/http-errors';
import { Operation, OperationState, routerOf } from './shared/operation';
import { inboundReceiverBody } from './webhooks/inbound-body';

export const API_PREFIX = '/api/v1';

/** What one context contributes: its declared operations (documented, validated, checked). */
export interface RouteModule {
  operations: Operation[];
  /** What the API sends to subscribers (OpenAPI 3.1 `webhooks`): the body of each event type, by type. */
  webhooks?: Record<string, WebhookDoc>;
}

export interface AppDeps {
  routes: RouteModule[];
  authenticateApiKey: AuthenticateApiKey;
  /** Per API key (the HTTP layer only takes points: `consume`). */
  rateLimiter: Pick<RateLimiter, 'consume'>;
  /** The public operations' limits, per client address and per endpoint; none without them. */
  publicLimits?: PublicLimits;
  /** Failed authentications per client address; none without it. */
  authFailureLimiter?: AuthFailureLimiter;
  /**
   * Proxies in front that append to X-Forwarded-For: `ctx.ip` is the entry this many from the right, so
   * entries a client wrote itself are ignored, when it is an IP address; 0 (the default), or an entry
   * that is not an address, takes the connection's address.
   */
  trustedProxyHops?: number;
  logger: Logger;
  /** Largest JSON body accepted, in bytes; above it 413, with or without Content-Length. */
  bodyLimitBytes?: number;
  /** Browser origins allowed by CORS; none by default. */
  corsOrigins?: readonly string[];
  /** What the operational endpoints outside the prefix need (`/healthz` is always served). */
  ops?: OpsDeps;
  /** Request durations by route, and the requests refused by a rate limit; none without it. */
  metrics?: RequestObserver & Metrics;
}

export const DOCUMENT_INFO = {
  title: 'Workspace API',
  version: '1.0.0',
  description:
    "The HTTP/JSON API behind an agency's business workspace: clients, deals, projects, tasks, campaigns, " +
    "activities, WhatsApp and inbound webhooks. Every call but the public webhooks carries the team's API key as " +
    '`Authorization: Bearer <key>`. Answers are `{ success: true, data }` (lists add `pagination`) or ' +
    '`{ success: false, error: { code, message, details? } }`.',
};

const documents = new WeakMap<Koa, Record<string, unknown>>();

/** The OpenAPI document an app serves (tests check every answer against it). */
export const documentOfApp = (app: Koa): Record<string, unknown> | undefined => documents.get(app);

/** Every declared operation's OpenAPI document, as `GET /api/v1/openapi.json` serves it. */
export const documentOf = (routes: RouteModule[]) =>
  openApiDocument(
    routes.flatMap((m) => m.operations),
    { ...DOCUMENT_INFO, prefix: API_PREFIX },
    Object.assign({}, ...routes.map((m) => m.webhooks ?? {})) as Record<string, WebhookDoc>,
  );

/** Label of a request no route took (an unknown path, a method the path does not take). */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Names a request by the template of the route that took it (`/api/v1/deals/:id`), never by its path:
 * ids would make every request a new metric, and a path can be a credential (an inbound endpoint id).
 * A request refused before its operation ran (401, 429) is named by the operation it asked for.
 */
const routeNamer = (operations: readonly Operation[]) => {
  const templates = new Router();
  for (const op of operations) templates.register(op.path, [op.method.toUpperCase()], () => undefined);
  templates.register('/openapi.json', ['GET'], () => undefined);
  return (ctx: Context): string => {
    const op = (ctx.state as OperationState).operation;
    if (op) return `${API_PREFIX}${op.path}`;
    if (isOpsPath(ctx.path)) return ctx.path;
    if (ctx.path.startsWith(`${API_PREFIX}/`) && ctx.status !== 404 && ctx.status !== 405) {
      const layer = templates.match(ctx.path.slice(API_PREFIX.length), ctx.method).pathAndMethod[0];
      return layer ? `${API_PREFIX}${layer.path}` : UNMATCHED_ROUTE;
    }
    // The reference page and its assets: a few fixed paths.
    const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
    return ctx.status !== 404 && typeof matched === 'string' && matched.startsWith(DOCS_PATH) ? matched : UNMATCHED_ROUTE;
  };
};

export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  const hops = deps.trustedProxyHops ?? 0;
  // Koa's reading of the proxies' headers (protocol, host); `ctx.ip` is the one `clientAddress` checked.
  app.proxy = hops > 0;
  app.maxIpsCount = hops;
  app.silent = true;

  const routers: Router[] = [];
  /** The methods the routes take on a path (HEAD with GET), but `except`: what `Allow` lists on a 405. */
  const allowedOn = (path: string, except: string): string[] => {
    const relative = path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : null;
    if (!relative) return [];
    const methods = routers.flatMap((r) => r.match(relative, except).path.flatMap((layer) => layer.methods));
    return [...new Set(methods)].filter((m) => m !== except && !(except === 'GET' && m === 'HEAD')).sort();
  };

  const operations = deps.routes.flatMap((m) => m.operations);
  app.use(requestId());
  app.use(clientAddress(hops));
  app.use(accessLog({ logger: deps.logger, routeOf: routeNamer(operations), quiet: (ctx) => isOpsPath(ctx.path), metrics: deps.metrics }));
  app.use(noSniff());
  app.use(cors(deps.corsOrigins ?? []));
  app.use(errorHandler(deps.logger));
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof MethodNotAllowed) ctx.set('Allow', allowedOn(ctx.path, ctx.method).join(', '));
      throw err;
    }
  });
  app.use(knownPath(API_PREFIX, DOCS_PATH, ...Object.values(OPS_PATHS)));
  // Before the limits and the body parser: probes and scrapes cost nothing and are never refused.
  app.use(opsRouter(deps.ops ?? {}).routes());
  if (deps.publicLimits) {
    app.use(
      publicRateLimit(
        operations.filter((o) => o.access === 'public'),
        deps.publicLimits,
        API_PREFIX,
        deps.metrics,
      ),
    );
  }
  const bodyLimit = deps.bodyLimitBytes ?? 1024 * 1024;
  // The inbound receiver keeps its body as sent, whatever the content type; every other route takes JSON.
  app.use(inboundReceiverBody(bodyLimit, bodyParser({ enableTypes: ['json'], jsonLimit: `${bodyLimit}b`, strict: true })));
  app.use(wellFormedText());

  const mount = (router: Router, middleware: Koa.Middleware[]) => {
    const outer = new Router({ prefix: API_PREFIX });
    outer.use(...middleware, router.routes());
    app.use(outer.routes());
    routers.push(router);
  };

  const document = documentOf(deps.routes);
  documents.set(app, document);
  const meta = new Router();
  meta.get('/openapi.json', (ctx) => {
    ctx.body = document;
  });
  mount(meta, []);
  app.use(docsRouter({ documentUrl: `${API_PREFIX}/openapi.json`, title: DOCUMENT_INFO.title }).routes());

  const keyed = [authenticate(deps.authenticateApiKey, deps.authFailureLimiter, deps.metrics), rateLimit(deps.rateLimiter, deps.metrics)];
  mount(
    routerOf(
      operations.filter((o) => o.access === 'public'),
      API_PREFIX,
    ),
    [],
  );
  mount(
    routerOf(
      operations.filter((o) => o.access === 'key'),
      API_PREFIX,
    ),
    keyed,
  );

  // Reached only when no route took the request: a known path with another method is 405, the rest 404.
  app.use((ctx) => {
    if (allowedOn(ctx.path, ctx.method).length > 0) throw new MethodNotAllowed('Method not allowed on this resource');
    throw new NotFound('Route not found');
  });
  return app;
}
