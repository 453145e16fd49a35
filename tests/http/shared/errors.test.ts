import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../../../adapters/http/app';
import { operation } from '../../../adapters/http/shared/operation';
import { AuthenticateApiKey } from '../../../application/teams/authenticate-api-key';
import { startRuntime } from '../../support/backends';

describe('Error envelope for the unexpected', () => {
  it('answers an unexpected exception with 500 INTERNAL_ERROR, logs it with the request id, and leaks nothing', async () => {
    const runtime = await startRuntime('memory');
    const logged: Record<string, unknown>[] = [];
    try {
      const explode = operation({
        id: 'explode',
        method: 'get',
        path: '/explode',
        tag: 'Test',
        summary: 'Fails',
        access: 'public',
        errors: [],
        success: { status: 200, description: 'never', data: {} },
        handle: async () => {
          throw new Error('secret internals at /srv/app.js:12');
        },
      });
      const app = createApp({
        routes: [{ operations: [explode] }],
        authenticateApiKey: runtime.container.get(AuthenticateApiKey),
        rateLimiter: { consume: async () => ({ allowed: true, limit: 1, remaining: 1, resetSeconds: 60 }) },
        logger: {
          debug: () => undefined,
          info: () => undefined,
          warn: () => undefined,
          error: (fields) => {
            logged.push(fields);
          },
        },
      });
      const res = await supertest(app.callback()).get('/api/v1/explode').set('X-Request-Id', 'req-42');
      expect(res.status).to.equal(500);
      expect(res.body).to.deep.equal({ success: false, error: { code: 'INTERNAL_ERROR', message: 'Internal error' } });
      expect(res.text).to.not.contain('secret internals');
      expect(logged).to.have.length(1);
      expect(logged[0].requestId).to.equal('req-42');
    } finally {
      await runtime.dispose();
    }
  });

  it('answers a body above 1 MB with 413 in the envelope, with or without Content-Length', async () => {
    const runtime = await startRuntime('memory');
    try {
      const echo = operation({
        id: 'echo',
        method: 'post',
        path: '/echo',
        tag: 'Test',
        summary: 'Echo',
        access: 'public',
        errors: [],
        success: { status: 200, description: 'ok', data: {} },
        handle: async (ctx) => {
          ctx.body = { ok: true };
        },
      });
      const app = createApp({
        routes: [{ operations: [echo] }],
        authenticateApiKey: runtime.container.get(AuthenticateApiKey),
        rateLimiter: { consume: async () => ({ allowed: true, limit: 1, remaining: 1, resetSeconds: 60 }) },
        logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      const big = JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) });
      const withLength = await supertest(app.callback()).post('/api/v1/echo').set('Content-Type', 'application/json').send(big);
      expect(withLength.status).to.equal(413);
      expect(withLength.body.error.code).to.equal('PAYLOAD_TOO_LARGE');

      const { createServer, request } = await import('node:http');
      const callback = app.callback();
      const server = createServer((req, res) => {
        void callback(req, res);
      });
      await new Promise<void>((resolve) => {
        server.listen(0, '127.0.0.1', resolve);
      });
      try {
        const port = (server.address() as { port: number }).port;
        const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = request(
            {
              host: '127.0.0.1',
              port,
              path: '/api/v1/echo',
              method: 'POST',
              headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
            },
            (res) => {
              let body = '';
              res.on('data', (c) => {
                body += c;
              });
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
            },
          );
          req.on('error', reject);
          for (let i = 0; i < big.length; i += 64 * 1024) req.write(big.slice(i, i + 64 * 1024));
          req.end();
        });
        expect(chunked.status).to.equal(413);
        expect(JSON.parse(chunked.body).error.code).to.equal('PAYLOAD_TOO_LARGE');
      } finally {
        server.close();
      }
    } finally {
      await runtime.dispose();
    }
  });
});
