// Rotating SECRETS_KEY with event subscriptions: nodes that share one database, started with the old key, then
// with the new one and the old as SECRETS_KEY_PREVIOUS, then with the new key alone once `secrets reseal` has
// run; the subscriber still verifies every delivery with the secret it was shown at creation.
import { expect } from 'chai';
import { IncomingHttpHeaders, Server, createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { DispatchDealEvents } from '../../../application/deals/dispatch-deal-events';
import { DeliverEvents } from '../../../application/events/deliver-events';
import { Runtime, buildRuntime } from '../../../bootstrap/container';
import { BackendName, TEST_SECRETS_KEY, backendNames, startRuntime, testConfig } from '../../support/backends';
import { HttpEnv, httpEnvOf } from '../../support/http';
import { dealApi } from '../deals/deal-api';
import { webhookCli } from '../webhooks/fixtures';

const OLD = TEST_SECRETS_KEY;
const NEW = 'c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f80912';

const backends: BackendName[] = backendNames().filter((name) => name !== 'memory');

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

for (const backend of backends) {
  describe(`Event subscriptions across a SECRETS_KEY rotation [${backend}]`, function () {
    this.timeout(30000);
    let dir: string;
    let first: Runtime & { dispose(): Promise<void> };
    const others: Runtime[] = [];
    const received: Received[] = [];
    let receiver: Server;
    let url: string;
    // Receivers on loopback.
    const events = { ...testConfig(backend).events, allowPrivateNetworks: true };
    /** Another node on the first one's database, with these keys. */
    const node = (secretsKey: string, secretsKeyPrevious?: string): HttpEnv => {
      const { databaseUrl, databaseSchema } = first.config;
      const started = buildRuntime({ ...testConfig(backend), databaseUrl, databaseSchema, events, secretsKey, secretsKeyPrevious });
      others.push(started);
      return httpEnvOf(started);
    };

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'rotation-'));
      first = await startRuntime(backend, {
        events,
        ...(backend === 'sqlite' ? { databaseUrl: `sqlite:${join(dir, 'db.sqlite')}` } : {}),
      });
      receiver = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
          res.writeHead(200);
          res.end('ok');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    });
    after(async () => {
      await new Promise((resolve) => receiver.close(resolve));
      for (const r of others) await r.close();
      await first.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    it('signs with the secret shown at creation after the reseal, with the new key alone; a second reseal finds it current', async () => {
      const created = httpEnvOf(first);
      const t = await created.team();
      const res = await created.request
        .post('/api/v1/event-subscriptions')
        .set(t.auth)
        .send({ url, events: ['deal.created'] });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const { id, secret } = res.body.data as { id: string; secret: string };

      const rotating = node(NEW, OLD);
      const reseal = await webhookCli(rotating.runtime, ['secrets', 'reseal']);
      expect(reseal.code, reseal.err).to.equal(0);
      expect(reseal.json.event_subscription_secrets).to.deep.equal({
        resealed: 1,
        already_current: 0,
        unreadable: 0,
        unreadable_subscription_ids: [],
      });

      const rotated = node(NEW);
      const deal = await dealApi(() => rotated, t).create({ title: 'Depois da rotação' });
      expect(deal.status, JSON.stringify(deal.body)).to.equal(201);
      await rotated.runtime.container.get(DispatchDealEvents).execute();
      await rotated.runtime.container.get(DeliverEvents).execute();
      expect(received, 'one delivery, signed').to.have.length(1);
      const [r] = received;
      const headers = {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      };
      expect(new Webhook(secret).verify(r.body, headers)).to.include({ type: 'deal.created' });
      const deliveries = await rotated.request.get(`/api/v1/event-subscriptions/${id}/deliveries`).set(t.auth);
      expect(deliveries.body.data.map((d: { status: string }) => d.status)).to.deep.equal(['succeeded']);

      const again = await webhookCli(rotated.runtime, ['secrets', 'reseal']);
      expect(again.code, again.err).to.equal(0);
      expect(again.json.event_subscription_secrets).to.deep.equal({
        resealed: 0,
        already_current: 1,
        unreadable: 0,
        unreadable_subscription_ids: [],
      });
    });
  });
}
