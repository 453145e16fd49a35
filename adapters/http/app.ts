import Router from '@koa/router';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { Logger } from '../../application/shared/logger';
import { RateLimiter } from '../../application/shared/rate-limiter';
import { AuthenticateApiKey } from '../../application/teams/authenticate-api-key';
import { MethodNotAllowed, NotFound } from '../../domain/shared/errors';
import { DOCS_PATH, docsRouter } from './docs/docs-routes';
import { authenticate } from './middleware/auth';
import { errorHandler } from './middleware/error-handler';
import { rateLimit } from './middleware/rate-limit';
import { requestId } from './middleware/request-id';
import { knownPath, wellFormedText } from './middleware/well-formed-input';
import { openApiDocument } from './openapi/openapi-document';
import { Operation, routerOf } from './shared/operation';
import { inboundReceiverBody } from './webhooks/inbound-body';

export const API_PREFIX = '/api/v1';

/**
 * What one context contributes: declared operations (documented, validated, checked), and routes not yet
 * declared, behind the API key or public (inbound webhooks).
 */
export interface RouteModule {
  operations?: Operation<any>[];
  keyed?: Router;
  public?: Router;
}

export interface AppDeps {
  routes: RouteModule[];
  authenticateApiKey: AuthenticateApiKey;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** Largest JSON body accepted, in bytes; above it 413, with or without Content-Length. */
  bodyLimitBytes?: number;
}

export const DOCUMENT_INFO = {
  title: 'Workspace API',
  version: '1.0.0',
  description: 'The HTTP/JSON API behind an agency\'s business workspace: clients, deals, projects, tasks, campaigns, '
    + 'activities, WhatsApp and inbound webhooks. Every call but the public webhooks carries the team\'s API key as '
    + '`Authorization: Bearer <key>`. Answers are `{ success: true, data }` (lists add `pagination`) or '
    + '`{ success: false, error: { code, message, details? } }`.',
};

const documents = new WeakMap<Koa, Record<string, unknown>>();

/** The OpenAPI document an app serves (tests check every answer against it). */
export const documentOfApp = (app: Koa): Record<string, unknown> | undefined => documents.get(app);

/** Every declared operation's OpenAPI document, as `GET /api/v1/openapi.json` serves it. */
export const documentOf = (routes: RouteModule[]) =>
  openApiDocument(routes.flatMap((m) => m.operations ?? []), { ...DOCUMENT_INFO, prefix: API_PREFIX });

export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.proxy = true;
  app.silent = true;

  app.use(requestId());
  app.use(errorHandler(deps.logger));
  app.use(knownPath(API_PREFIX, DOCS_PATH));
  const bodyLimit = deps.bodyLimitBytes ?? 1024 * 1024;
  // The inbound receiver keeps its body as sent, whatever the content type; every other route takes JSON.
  app.use(inboundReceiverBody(bodyLimit, bodyParser({ enableTypes: ['json'], jsonLimit: `${bodyLimit}b`, strict: true })));
  app.use(wellFormedText());

  const routers: Router[] = [];
  const mount = (router: Router, middleware: Koa.Middleware[]) => {
    const outer = new Router({ prefix: API_PREFIX });
    outer.use(...middleware, router.routes());
    app.use(outer.routes());
    routers.push(router);
  };

  const operations = deps.routes.flatMap((m) => m.operations ?? []);
  const document = documentOf(deps.routes);
  documents.set(app, document);
  const meta = new Router();
  meta.get('/openapi.json', (ctx) => { ctx.body = document; });
  mount(meta, []);
  app.use(docsRouter({ documentUrl: `${API_PREFIX}/openapi.json`, title: DOCUMENT_INFO.title }).routes());

  const keyed = [authenticate(deps.authenticateApiKey), rateLimit(deps.rateLimiter)];
  mount(routerOf(operations.filter((o) => o.access === 'public'), API_PREFIX), []);
  for (const m of deps.routes) if (m.public) mount(m.public, []);
  mount(routerOf(operations.filter((o) => o.access === 'key'), API_PREFIX), keyed);
  for (const m of deps.routes) if (m.keyed) mount(m.keyed, keyed);

  // Reached only when no route took the request: a known path with another method is 405, the rest 404.
  app.use(async (ctx) => {
    const path = ctx.path.startsWith(`${API_PREFIX}/`) ? ctx.path.slice(API_PREFIX.length) : null;
    if (path && routers.some((r) => r.match(path, ctx.method).path.some((layer) => layer.methods.length > 0))) {
      throw new MethodNotAllowed('Method not allowed on this resource');
    }
    throw new NotFound('Route not found');
  });
  return app;
}
