import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTeam } from '../../application/teams/create-team';
import { loadConfig } from '../../bootstrap/config';
import { buildRuntime } from '../../bootstrap/container';
import { ApiNode, createDatabase, eventually, freePort } from '../multinode/nodes';
import { TEST_SECRETS_KEY, backendNames } from '../support/backends';
import { EventReceiver } from '../support/event-receiver';

// A server killed with SIGKILL once a deal is committed, before its event is delivered: started again on the
// same database, it delivers the event, signed as ever. The commit wrote the event with the deal; nothing
// of it lived only in the dead process.

/** Longer than the attempt under way at the kill is held; the claim of a delivery holds 5 s more. */
const TIMEOUT_MS = 2000;

interface Database {
  url: string;
  drop(): Promise<void>;
}

const backends: { name: string; create(): Promise<Database> }[] = [
  {
    name: 'sqlite',
    async create() {
      const dir = mkdtempSync(join(tmpdir(), 'event-kill-'));
      return { url: `sqlite:${join(dir, 'db.sqlite')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
];
if (backendNames().includes('postgres')) backends.push({ name: 'postgres', create: () => createDatabase(process.env.TEST_DATABASE_URL!) });

for (const backend of backends) {
  describe(`Server process: killed after a commit, before its event is delivered [${backend.name}]`, function () {
    this.timeout(90000);
    let database: Database;
    let key: string;
    let receiver: EventReceiver | undefined;
    const servers: ApiNode[] = [];

    before(async () => {
      database = await backend.create();
      const runtime = buildRuntime(loadConfig({ DATABASE_URL: database.url, SECRETS_KEY: TEST_SECRETS_KEY, LOG_LEVEL: 'silent' }));
      try {
        await runtime.migrate();
        key = (await runtime.container.get(CreateTeam).execute({ name: 'Kill -9' })).apiKey.key;
      } finally {
        await runtime.close();
      }
    });
    afterEach(async () => {
      for (const s of servers.splice(0)) await s.stop();
      await receiver?.stop();
      receiver = undefined;
    });
    after(async () => database?.drop());

    async function start(): Promise<ApiNode> {
      const server = ApiNode.spawn(`server ${servers.length + 1}`, await freePort(), {
        DATABASE_URL: database.url,
        REDIS_URL: '',
        HOST: '127.0.0.1',
        WEB_CONCURRENCY: '1',
        DEMO: '0',
        LOG_LEVEL: 'info',
        SECRETS_KEY: TEST_SECRETS_KEY,
        METRICS_TOKEN: '',
        EVENT_DELIVERY_ALLOW_PRIVATE_NETWORKS: 'true',
        EVENT_DELIVERY_TIMEOUT_MS: String(TIMEOUT_MS),
        EVENT_RETRY_SCHEDULE: '1s,1s,1s',
        OUTBOX_POLL_MS: '100',
        OUTBOX_LEASE_MS: '2000',
      });
      servers.push(server);
      await server.listening;
      return server;
    }

    /**
     * A subscription to a receiver that holds every answer, a deal created (201: committed), the server
     * killed (right away, or once the receiver has its attempt in hand), started again, the receiver
     * answering: the deal.created event arrives, verified, and its delivery succeeds.
     */
    async function killedAfterCommit(when: 'at once' | 'mid-attempt') {
      receiver = new EventReceiver({ hold: true });
      const url = await receiver.start();
      const first = await start();
      const sub = await first.request('POST', '/api/v1/event-subscriptions', { key, body: { url, events: ['deal.created'] } });
      expect(sub.status, JSON.stringify(sub.body)).to.equal(201);
      receiver.secret = sub.body.data.secret;
      const created = await first.request('POST', '/api/v1/deals', { key, body: { title: `Morto ${when}`, value: 1500 } });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const dealId = created.body.data.id as string;
      if (when === 'mid-attempt') {
        await eventually('the attempt under way', () => (receiver!.waiting().length > 0 ? true : undefined), 30000, 10);
      }
      await first.kill();
      const before = receiver.receipts.length;

      const second = await start();
      receiver.release();
      const arrived = await eventually(
        'the deal.created event answered 200',
        () => receiver!.receipts.find((r) => r.answered && r.event.type === 'deal.created'),
        45000,
        50,
      );
      expect(arrived.unverified).to.equal(null);
      expect(arrived.event.data.object.id).to.equal(dealId);
      expect(arrived.webhookId).to.equal(arrived.event.id);
      const rows = await eventually(
        'the delivery succeeded',
        async () => {
          const res = await second.request('GET', `/api/v1/event-subscriptions/${sub.body.data.id}/deliveries`, { key });
          expect(res.status).to.equal(200);
          return res.body.data.length === 1 && res.body.data[0].status === 'succeeded' ? res.body.data : undefined;
        },
        15000,
        100,
      );
      expect(rows[0]).to.include({ event_id: arrived.event.id, last_status_code: 200 });
      // Nothing else was sent: the one event, at most once more than the attempt the dead server never heard back from.
      expect(receiver.receipts.every((r) => r.unverified === null && r.webhookId === arrived.webhookId)).to.equal(true);
      expect(receiver.receipts.filter((r) => r.answered)).to.have.length(1);
      if (when === 'mid-attempt') {
        expect(before, 'the attempt the killed server had under way').to.equal(1);
        expect(receiver.receipts[0].webhookId).to.equal(arrived.webhookId);
        // The dead server's claim counts as an attempt, never recorded: the one after the restart is the second.
        expect(rows[0].attempt_count).to.equal(2);
      }
    }

    it('delivers the event of a deal committed just before the kill', async () => {
      await killedAfterCommit('at once');
    });

    it('delivers again, with its webhook-id, the event whose attempt was under way at the kill', async () => {
      await killedAfterCommit('mid-attempt');
    });
  });
}
