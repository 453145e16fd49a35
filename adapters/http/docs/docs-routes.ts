import Router from '@koa/router';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { Context } from 'koa';

/** Where the reference page lives, outside the API prefix; its scripts are under `${DOCS_PATH}/assets/`. */
export const DOCS_PATH = '/docs';

/**
 * What the browser may load on the page: only this origin. The renderer injects its styles (`<style>`
 * and style attributes), and draws icons and downloads from `data:`/`blob:` URLs; nothing else is needed.
 * Any other origin (a CDN font, a proxy, an analytics call) is refused by the browser itself.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset {
  path: string;
  type: string;
  body: Buffer;
  gzipped?: Buffer;
}

/** The file's content hash in its name: the URL changes with the content, so it can be cached for a year. */
const assetOf = (name: string, ext: string, type: string, body: Buffer): Asset => {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return { path: `${DOCS_PATH}/assets/${name}.${hash}.${ext}`, type, body };
};

let renderer: Asset | undefined;

/** Scalar's standalone browser bundle (every dependency inside, nothing fetched at run time), read once. */
const rendererBundle = (): Asset => {
  renderer ??= assetOf(
    'api-reference',
    'js',
    'text/javascript; charset=utf-8',
    readFileSync(require.resolve('@scalar/api-reference/browser/standalone.js')),
  );
  return renderer;
};

/**
 * The renderer's settings. Every default that reaches out is off: fonts come from the system, not the
 * vendor's font CDN; no agent (on by default on localhost, it queries the vendor's registry through the
 * vendor's proxy); no telemetry; no developer toolbar (its share and deploy actions upload the document);
 * and no request proxy: "Test Request" calls this origin directly.
 */
const settingsOf = (documentUrl: string, title: string) => ({
  url: documentUrl,
  title,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  proxyUrl: '',
});

/** The page's own script, a file and not inline, so the policy allows no inline script at all. */
const initScript = (settings: object): string => `Scalar.createApiReference('#reference', ${JSON.stringify(settings)});\n`;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

const pageOf = (title: string, scripts: Asset[]): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
</head>
<body>
<div id="reference"></div>
${scripts.map((s) => `<script src="${s.path}"></script>`).join('\n')}
</body>
</html>
`;

const secure = (ctx: Context) => {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
};

const serveAsset = (asset: Asset) => (ctx: Context) => {
  secure(ctx);
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.set('Vary', 'Accept-Encoding');
  ctx.type = asset.type;
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    asset.gzipped ??= gzipSync(asset.body);
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = asset.gzipped;
  } else {
    ctx.body = asset.body;
  }
};

export interface DocsOptions {
  /** Where the page loads the OpenAPI document from (same origin). */
  documentUrl: string;
  title: string;
}

/**
 * `GET /docs`: the API reference, rendered in the browser from the document the API serves. The page,
 * the renderer and the settings all come from this server: the page works offline, and its policy
 * keeps the browser from reaching any other origin.
 */
export function docsRouter(options: DocsOptions): Router {
  const bundle = rendererBundle();
  const init = assetOf(
    'init',
    'js',
    'text/javascript; charset=utf-8',
    Buffer.from(initScript(settingsOf(options.documentUrl, options.title))),
  );
  const page = pageOf(`${options.title} reference`, [bundle, init]);

  const router = new Router();
  router.get(DOCS_PATH, (ctx) => {
    secure(ctx);
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  });
  router.get(bundle.path, serveAsset(bundle));
  router.get(init.path, serveAsset(init));
  return router;
}
