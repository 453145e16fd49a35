import { expect } from 'chai';
import { once } from 'node:events';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser, Locator, chromium } from 'playwright-core';
import { buildHttpApp } from '../../bootstrap/http';
import { startRuntime } from '../support/backends';
import { chromiumPath } from '../support/services';

const LIST_CLIENTS = "List the team's clients";
const CREATE_CLIENT = 'Create a client (PF with CPF, PJ with CNPJ)';

/** Runs in the page before its own scripts (the page's types are not this program's, hence a string). */
const WATCH_POLICY = `
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.cspViolations.push(e.effectiveDirective + ' refused ' + e.blockedURI + ' (from ' + e.sourceFile + ')');
  });
`;

/** The real app on an ephemeral port of the loopback: the page is what a person opening /docs gets. */
async function serve(): Promise<{ origin: string; close(): Promise<void> }> {
  const runtime = await startRuntime('memory');
  const server: Server = buildHttpApp(runtime).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.dispose();
    },
  };
}

describe('The reference page at /docs', function () {
  this.timeout(30000);
  let app: Awaited<ReturnType<typeof serve>> | undefined;
  before(async () => {
    app = await serve();
  });
  after(async () => app?.close());

  it('is served with a policy that allows this origin only, and scripts that cannot be sniffed', async () => {
    const res = await fetch(`${app!.origin}/docs`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/html/);
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives.get('default-src')).to.deep.equal(["'self'"]);
    expect(directives.get('script-src')).to.deep.equal(["'self'"]);
    expect(directives.get('connect-src')).to.deep.equal(["'self'"]);
    // No source in the policy names another origin: only keywords and the data:/blob: schemes.
    for (const [name, values] of directives) {
      for (const value of values) expect(value, `${name} ${value}`).to.match(/^('[a-z-]+'|data:|blob:)$/);
    }

    const scripts = [...(await res.text()).matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).to.have.length.greaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/docs/'), src).to.equal(true);
      const asset = await fetch(`${app!.origin}${src}`);
      expect(asset.status, src).to.equal(200);
      expect(asset.headers.get('content-type'), src).to.match(/^text\/javascript/);
      expect(asset.headers.get('x-content-type-options'), src).to.equal('nosniff');
      expect(asset.headers.get('cache-control'), src).to.match(/max-age=\d{7,}/);
    }
  });

  describe('in a browser', () => {
    let browser: Browser | undefined;
    before(async function () {
      // Without Chromium (but in CI) the test is skipped, and the run's last line says so (tests/support/setup.ts).
      const executablePath = chromiumPath();
      if (!executablePath) this.skip();
      browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
    });
    after(async () => browser?.close());

    it('renders the operations from /api/v1/openapi.json without the browser reaching any other origin', async () => {
      const origin = app!.origin;
      const context = await browser!.newContext();
      try {
        const requested: string[] = [];
        const elsewhere: string[] = [];
        const problems: string[] = [];
        // Every request of the page and its workers; one to another origin is recorded and never sent.
        await context.route('**/*', async (route) => {
          const url = route.request().url();
          if (new URL(url).origin === origin) return route.continue();
          elsewhere.push(url);
          return route.abort();
        });
        context.on('request', (request) => requested.push(request.url()));
        // What the policy blocked never becomes a request: the page is told instead, and keeps the list.
        await context.addInitScript({ content: WATCH_POLICY });
        const page = await context.newPage();
        // A policy refusal the browser logs, a resource that failed to load, or any other error of the page.
        page.on('console', (message) => {
          const text = message.text();
          if (message.type() === 'error' || /Content[- ]Security[- ]Policy/i.test(text)) problems.push(text);
        });
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

        const answer = await page.goto(`${origin}/docs`);
        expect(answer?.status()).to.equal(200);
        const list = page.getByRole('heading', { name: LIST_CLIENTS, exact: true });
        await list.waitFor({ timeout: 20000 });
        await expectShown(page.getByRole('heading', { name: 'Clients', exact: true }), 'the Clients tag');
        await expectShown(list, LIST_CLIENTS);
        await expectShown(page.getByRole('heading', { name: CREATE_CLIENT, exact: true }), CREATE_CLIENT);
        // Fonts and late loads happen once text is laid out: let them start before the requests are judged.
        await page.evaluate('document.fonts.ready.then(() => undefined)');
        await page.waitForTimeout(300);

        const foreign = requested.filter((url) => /^(https?|wss?):/.test(url) && new URL(url).origin !== origin);
        expect([...new Set([...foreign, ...elsewhere])], 'requests to another origin').to.deep.equal([]);
        const violations = await page.evaluate<string[]>('window.cspViolations');
        // The one refusal expected: the renderer's validator asks once whether eval is allowed (`new Function('')`
        // in a try) and, refused by the policy as intended, validates without generating code.
        const evalProbe = /^script-src refused eval \(from [^)]*\/docs\/assets\/api-reference\.[0-9a-f]+\.js\)$/;
        expect(
          violations.filter((v) => !evalProbe.test(v)),
          'policy violations',
        ).to.deep.equal([]);
        expect(violations.length, 'eval probes').to.be.at.most(1);
        expect(problems, 'errors on the page').to.deep.equal([]);
        expect(requested).to.include(`${origin}/api/v1/openapi.json`);
      } finally {
        await context.close();
      }
    });
  });
});

async function expectShown(locator: Locator, what: string): Promise<void> {
  expect(await locator.first().isVisible(), `${what} is shown`).to.equal(true);
}
