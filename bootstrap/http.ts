import Koa from 'koa';
import { RouteModule, createApp } from '../adapters/http/app';
import { RequestActivity } from '../adapters/http/middleware/request-activity';
import { PromMetrics } from '../adapters/metrics/prom-metrics';
import { AuthenticateApiKey } from '../application/teams/authenticate-api-key';
import { Runtime } from './container';
import { metricsScrape } from './metrics-cluster';
import { TOKENS } from './tokens';

export function buildHttpApp(runtime: Runtime): Koa {
  const c = runtime.container;
  const metrics = c.get<PromMetrics>(TOKENS.Metrics);
  const app = createApp({
    routes: c.getAll<RouteModule>(TOKENS.RouteModule),
    authenticateApiKey: c.get(AuthenticateApiKey),
    rateLimiter: c.get(TOKENS.RateLimiter),
    publicLimits: { perAddress: c.get(TOKENS.PublicAddressRateLimiter), perEndpoint: c.get(TOKENS.PublicEndpointRateLimiter) },
    authFailureLimiter: c.get(TOKENS.AuthFailureRateLimiter),
    logger: c.get(TOKENS.Logger),
    corsOrigins: runtime.config.corsOrigins,
    trustedProxyHops: runtime.config.trustedProxyHops,
    metrics,
    ops: { readiness: c.get(TOKENS.Readiness), scrape: metricsScrape(metrics), metricsToken: runtime.config.metricsToken },
  });
  // Counted first, so background work (imports) sees every request this process serves.
  app.middleware.unshift(c.get<RequestActivity>(TOKENS.RequestActivity).middleware());
  return app;
}
