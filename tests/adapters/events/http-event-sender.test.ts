import { expect } from 'chai';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { EventUrlGuard } from '../../../adapters/events/event-url-guard';
import { HttpEventSender, retryAfterMs } from '../../../adapters/events/http-event-sender';
import { ValidationFailed } from '../../../domain/shared/errors';

/** A server on loopback that counts what it receives and answers `status` (with `headers`). */
async function listening(
  status: number,
  headers: Record<string, string> = {},
): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits += 1;
    req.resume();
    req.on('end', () => res.writeHead(status, headers).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, hits: () => hits, close: () => new Promise((r) => server.close(() => r())) };
}

const request = (url: string) => ({ url, body: '{"id":"e1"}', timeoutMs: 2000, headers: { 'webhook-id': 'e1' } });

describe('HttpEventSender', () => {
  it('refuses at delivery a name re-pointed at loopback after it was registered, and never connects', async () => {
    const answers: Record<string, string[]> = { 'hooks.example.com': ['93.184.216.34'] };
    const guard = new EventUrlGuard({ allowPrivateNetworks: false, resolve: async (host) => answers[host] ?? [] });
    await guard.check('https://hooks.example.com/events');
    answers['hooks.example.com'] = ['127.0.0.1'];
    const result = await new HttpEventSender(guard).send(request('https://hooks.example.com/events'));
    expect(result.statusCode).to.equal(null);
    expect(result.error)
      .to.match(/127\.0\.0\.1/)
      .and.match(/loopback or private/);
  });

  it('refuses at registration a name that resolves to loopback', async () => {
    const guard = new EventUrlGuard({ allowPrivateNetworks: false, resolve: async () => ['127.0.0.1'] });
    let refused: unknown;
    await guard.check('https://hooks.example.com/events').catch((e: unknown) => (refused = e));
    expect(refused).to.be.instanceOf(ValidationFailed);
    expect((refused as ValidationFailed).details).to.deep.include({ field: 'url' });
  });

  it('does not follow a redirect', async () => {
    const target = await listening(200);
    const redirecting = await listening(307, { location: target.url });
    try {
      const guard = new EventUrlGuard({ allowPrivateNetworks: true });
      const result = await new HttpEventSender(guard).send(request(redirecting.url));
      expect(result.statusCode).to.equal(307);
      expect(result.error).to.match(/redirect/);
      expect(target.hits()).to.equal(0);
    } finally {
      await target.close();
      await redirecting.close();
    }
  });

  it('reads Retry-After on 429 and 503 only', async () => {
    const busy = await listening(429, { 'retry-after': '120' });
    const broken = await listening(500, { 'retry-after': '120' });
    try {
      const sender = new HttpEventSender(new EventUrlGuard({ allowPrivateNetworks: true }));
      expect((await sender.send(request(busy.url))).retryAfterMs).to.equal(120_000);
      expect((await sender.send(request(broken.url))).retryAfterMs).to.equal(null);
    } finally {
      await busy.close();
      await broken.close();
    }
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
      const result = await new HttpEventSender(new EventUrlGuard({ allowPrivateNetworks: true })).send({ ...request(url), timeoutMs: 100 });
      expect(result).to.include({ statusCode: null });
      expect(result.error).to.match(/within 100 ms/);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(() => r(undefined)));
    }
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(retryAfterMs('30', now)).to.equal(30_000);
    expect(retryAfterMs('Sun, 29 Nov 2026 12:01:00 GMT', now)).to.equal(60_000);
    expect(retryAfterMs('soon', now)).to.equal(null);
    expect(retryAfterMs(undefined, now)).to.equal(null);
  });
});
