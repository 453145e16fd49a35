import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { runCli } from '../../../adapters/cli/cli';
import { operatorCommands } from '../../../bootstrap/cli-main';
import { DispatchDealEvents } from '../../../application/deals/dispatch-deal-events';
import { DeliverEvents } from '../../../application/events/deliver-events';
import { Runtime } from '../../../bootstrap/container';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { EventSubscriptionRepository } from '../../../domain/events/event-subscription-repository';
import { EVENT_TYPES } from '../../../domain/events/event';
import { backendNames, startRuntime, testConfig } from '../../support/backends';
import { HttpEnv, TestTeam, httpEnvOf } from '../../support/http';
import { sampleOf } from '../../support/metrics-text';
import { dealApi } from '../deals/deal-api';

// What a subscriber receives, checked as a subscriber would: every delivery verified with the
// `standardwebhooks` package (never with the project's signing code), on every backend.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver: records every request, and answers the statuses queued (200 once the queue is empty). */
class Receiver {
  readonly received: Received[] = [];
  readonly answers: { status: number; headers?: Record<string, string> }[] = [];
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const answer = this.answers.shift() ?? { status: 200 };
        res.writeHead(answer.status, answer.headers ?? {});
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  parsed(): {
    id: string;
    type: string;
    created_at: string;
    data: { object: Record<string, unknown>; previous?: Record<string, unknown> };
  }[] {
    return this.received.map((r) => JSON.parse(r.body));
  }
}

const headersOf = (r: Received): Record<string, string> => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

const verify = (secret: string, r: Received): unknown => new Webhook(secret).verify(r.body, headersOf(r));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const backend of backendNames()) {
  describe(`Event delivery to subscriptions [${backend}]`, function () {
    this.timeout(30_000);
    let runtime: Runtime & { dispose(): Promise<void> };
    let env: HttpEnv;
    let receiver: Receiver;
    let url: string;

    before(async () => {
      // Receivers on loopback, and retries a millisecond apart.
      const events = { ...testConfig(backend).events, allowPrivateNetworks: true, retryScheduleMs: [1, 1, 1] };
      runtime = await startRuntime(backend, { events });
      env = httpEnvOf(runtime);
    });
    after(async () => runtime.dispose());
    beforeEach(async () => {
      receiver = new Receiver();
      url = await receiver.start();
    });
    afterEach(async () => receiver.stop());

    /** Everything due: the log's events handed out, then their deliveries sent. */
    const deliver = async () => {
      await runtime.container.get(DispatchDealEvents).execute();
      await runtime.container.get(DeliverEvents).execute();
    };

    const subscribe = async (t: TestTeam, events: string[] = ['deal.*']) => {
      const res = await env.request.post('/api/v1/event-subscriptions').set(t.auth).send({ url, events });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      return res.body.data as { id: string; secret: string };
    };

    it('delivers a deal created, moved and archived, each once, verified, with the payload of its GET', async () => {
      const t = await env.team();
      const { secret } = await subscribe(t);
      const deals = dealApi(() => env, t);
      const created = (await deals.create({ title: 'Site novo', value: 1200 })).body.data;
      await deliver();
      const afterCreate = (await deals.get(created.id)).body.data;
      await deals.put(created.id, { phase: 'proposta' });
      await deliver();
      const afterMove = (await deals.get(created.id)).body.data;
      await deals.del(created.id);
      await deliver();
      const afterArchive = (await deals.get(created.id)).body.data;
      await deliver();

      for (const r of receiver.received) verify(secret, r);
      const events = receiver.parsed();
      // Deliveries are sent side by side: two events of one change may arrive in either order.
      expect(events.map((e) => e.type)).to.have.members(['deal.created', 'deal.updated', 'deal.stage_changed', 'deal.archived']);
      expect(events).to.have.length(4);
      expect(new Set(events.map((e) => e.id)).size).to.equal(4);
      const of = (type: string) => events.find((e) => e.type === type)!;
      expect(of('deal.created').data.object).to.deep.equal(afterCreate);
      expect(of('deal.updated').data.object).to.deep.equal(afterMove);
      expect(of('deal.updated').data.previous).to.deep.equal({ phase: 'lead' });
      expect(of('deal.stage_changed').data.object).to.deep.equal(afterMove);
      expect(of('deal.archived').data.object).to.deep.equal(afterArchive);
      expect(of('deal.archived').data.previous).to.include({ status: afterMove.status });
      for (const [i, r] of receiver.received.entries()) expect(r.headers['webhook-id']).to.equal(events[i].id);
      // Each body is what the OpenAPI document's `webhooks` say its type sends.
      const doc = (await env.request.get('/api/v1/openapi.json')).body;
      expect(Object.keys(doc.webhooks)).to.have.members([...EVENT_TYPES]);
      const ajv = new Ajv({ strict: false, allErrors: true });
      addFormats(ajv);
      for (const e of events) {
        const check = ajv.compile(doc.webhooks[e.type].post.requestBody.content['application/json'].schema);
        expect(check(e), `${e.type}: ${JSON.stringify(check.errors)}`).to.equal(true);
      }
    });

    it('sends only what a subscription asked for, and nothing for a write that failed', async () => {
      const t = await env.team();
      await subscribe(t, ['deal.stage_changed']);
      const deals = dealApi(() => env, t);
      const created = (await deals.create({ title: 'Sem mudança' })).body.data;
      const refused = await deals.put(created.id, { phase: 'proposta', client_id: '0190d000-0000-7000-8000-00000000dead' });
      expect(refused.status).to.equal(404);
      await deliver();
      expect(receiver.received).to.have.length(0);
      await deals.put(created.id, { phase: 'proposta' });
      await deliver();
      expect(receiver.parsed().map((e) => e.type)).to.deep.equal(['deal.stage_changed']);
    });

    it('retries a failed attempt with the same webhook-id, and shows both attempts', async () => {
      const t = await env.team();
      const { id, secret } = await subscribe(t);
      receiver.answers.push({ status: 500 });
      await dealApi(() => env, t).create({ title: 'Retry' });
      await deliver();
      await sleep(5);
      await deliver();
      expect(receiver.received).to.have.length(2);
      for (const r of receiver.received) verify(secret, r);
      expect(receiver.received[0].headers['webhook-id']).to.equal(receiver.received[1].headers['webhook-id']);
      const list = await env.request.get(`/api/v1/event-subscriptions/${id}/deliveries`).set(t.auth);
      expect(list.status).to.equal(200);
      const [delivery] = list.body.data;
      expect(delivery).to.include({ status: 'succeeded', attempt_count: 2, last_status_code: 200 });
      expect(delivery.attempts.map((a: { status_code: number }) => a.status_code)).to.deep.equal([500, 200]);
      const failed = await env.request.get(`/api/v1/event-subscriptions/${id}/deliveries?status=failed`).set(t.auth);
      expect(failed.body.data).to.have.length(0);
    });

    it('gives up after the schedule, and sends again on retry and on recover', async () => {
      const t = await env.team();
      const { id } = await subscribe(t);
      receiver.answers.push({ status: 500 }, { status: 502 }, { status: 503 }, { status: 500 });
      await dealApi(() => env, t).create({ title: 'Falha' });
      for (let i = 0; i < 5; i++) {
        await deliver();
        await sleep(5);
      }
      expect(receiver.received).to.have.length(4);
      const [failed] = (await env.request.get(`/api/v1/event-subscriptions/${id}/deliveries?status=failed`).set(t.auth)).body.data;
      expect(failed).to.include({ status: 'failed', attempt_count: 4, next_attempt_at: null });
      const retried = await env.request.post(`/api/v1/event-subscriptions/${id}/deliveries/${failed.id}/retry`).set(t.auth);
      expect(retried.status).to.equal(200);
      expect(retried.body.data.status).to.equal('pending');
      await deliver();
      expect(receiver.received).to.have.length(5);
      expect(receiver.received[4].headers['webhook-id']).to.equal(receiver.received[0].headers['webhook-id']);

      receiver.answers.push({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
      await dealApi(() => env, t).create({ title: 'Falha 2' });
      for (let i = 0; i < 5; i++) {
        await deliver();
        await sleep(5);
      }
      const recovered = await env.request
        .post(`/api/v1/event-subscriptions/${id}/recover`)
        .set(t.auth)
        .send({ since: new Date(Date.now() - 60_000).toISOString() });
      expect(recovered.status).to.equal(200);
      expect(recovered.body.data).to.deep.equal({ requeued: 1 });
      await deliver();
      expect(receiver.received.at(-1)!.headers['webhook-id']).to.equal(receiver.received.at(-2)!.headers['webhook-id']);
    });

    it('disables a subscription its receiver answers 410 Gone', async () => {
      const t = await env.team();
      const { id } = await subscribe(t);
      receiver.answers.push({ status: 410 });
      await dealApi(() => env, t).create({ title: 'Gone' });
      await deliver();
      const got = await env.request.get(`/api/v1/event-subscriptions/${id}`).set(t.auth);
      expect(got.body.data.status).to.equal('disabled');
      expect(got.body.data.disabled_reason).to.match(/410/);
      await dealApi(() => env, t).create({ title: 'Depois' });
      await deliver();
      expect(receiver.received).to.have.length(1);
      const metrics = (await env.request.get('/metrics')).text;
      expect(sampleOf(metrics, 'event_delivery_attempts_total', { outcome: 'gone' })).to.be.at.least(1);
      expect(sampleOf(metrics, 'event_subscriptions_disabled')).to.be.at.least(1);
      expect(sampleOf(metrics, 'event_deliveries_pending')).to.be.a('number');
    });

    it("shows an operator a team's subscriptions and their failing deliveries, never a secret", async () => {
      const t = await env.team();
      const { id, secret } = await subscribe(t);
      receiver.answers.push({ status: 410 });
      await dealApi(() => env, t).create({ title: 'Operador' });
      await deliver();
      const admin = async (...argv: string[]) => {
        let out = '';
        const code = await runCli(
          [...argv, '--json'],
          operatorCommands(runtime.container, () => runtime),
          {
            out: (text) => {
              out += text;
            },
            err: () => undefined,
          },
        );
        expect(code, argv.join(' ')).to.equal(0);
        expect(out).to.not.include(secret.slice('whsec_'.length));
        return JSON.parse(out) as { data: Record<string, unknown>[] };
      };
      const listed = await admin('event-subscription', 'list', '--team', t.teamId);
      expect(listed.data).to.have.length(1);
      expect(listed.data[0]).to.include({ id, status: 'disabled' });
      const failing = await admin('event-subscription', 'deliveries', '--team', t.teamId, '--subscription', id, '--status', 'failed');
      expect(failing.data).to.have.length(1);
      expect(failing.data[0]).to.include({ event_type: 'deal.created', last_status_code: 410 });
    });

    it('never sends unsigned: a secret this server cannot open fails the attempt, saying so', async () => {
      const t = await env.team();
      const { id } = await subscribe(t);
      const subscriptions = runtime.container.get<EventSubscriptionRepository>(EVENT_TOKENS.EventSubscriptionRepository);
      const stored = (await subscriptions.findById({ teamId: t.teamId }, id))!;
      await subscriptions.update({ ...stored, secretSealed: 'sealed with a key this server never had' });
      await dealApi(() => env, t).create({ title: 'Sem segredo' });
      await deliver();
      expect(receiver.received).to.have.length(0);
      const [delivery] = (await env.request.get(`/api/v1/event-subscriptions/${id}/deliveries`).set(t.auth)).body.data;
      expect(delivery.attempts[0]).to.include({ status_code: null });
      expect(delivery.attempts[0].error).to.match(/SECRETS_KEY/);
      // Rotating it mends it: the old secret, which no key opens, no longer signs beside the new one.
      const fresh = (await env.request.post(`/api/v1/event-subscriptions/${id}/rotate-secret`).set(t.auth)).body.data.secret as string;
      await env.request.post(`/api/v1/event-subscriptions/${id}/deliveries/${delivery.id}/retry`).set(t.auth).expect(200);
      await deliver();
      expect(receiver.received).to.have.length(1);
      expect(String(receiver.received[0].headers['webhook-signature']).split(' ')).to.have.length(1);
      verify(fresh, receiver.received[0]);
    });

    it('signs with both secrets during a rotation, each verifying alone', async () => {
      const t = await env.team();
      const { id, secret: old } = await subscribe(t);
      const rotated = await env.request.post(`/api/v1/event-subscriptions/${id}/rotate-secret`).set(t.auth);
      expect(rotated.status).to.equal(200);
      const fresh = rotated.body.data.secret as string;
      expect(fresh).to.not.equal(old);
      await dealApi(() => env, t).create({ title: 'Rotação' });
      await deliver();
      const [r] = receiver.received;
      expect(String(r.headers['webhook-signature']).split(' ')).to.have.length(2);
      verify(old, r);
      verify(fresh, r);
      expect(() => verify(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, r)).to.throw();
    });

    it('pings on request and answers what the receiver said', async () => {
      const t = await env.team();
      const { id, secret } = await subscribe(t);
      receiver.answers.push({ status: 204 });
      const ok = await env.request.post(`/api/v1/event-subscriptions/${id}/test`).set(t.auth);
      expect(ok.status).to.equal(200);
      expect(ok.body.data).to.include({ succeeded: true, status_code: 204, error: null });
      const body = verify(secret, receiver.received[0]) as { type: string };
      expect(body.type).to.equal('ping');
      receiver.answers.push({ status: 500 });
      const bad = await env.request.post(`/api/v1/event-subscriptions/${id}/test`).set(t.auth);
      expect(bad.body.data).to.include({ succeeded: false, status_code: 500 });
    });

    it("lists the team's events newest first with a cursor, and never another team's", async () => {
      const t = await env.team();
      const other = await env.team();
      const deals = dealApi(() => env, t);
      const a = (await deals.create({ title: 'A' })).body.data;
      await deals.put(a.id, { phase: 'proposta' });
      await dealApi(() => env, other).create({ title: 'Outro' });
      const first = await env.request.get('/api/v1/events?limit=2').set(t.auth);
      expect(first.status).to.equal(200);
      expect(first.body.data.map((e: { type: string }) => e.type)).to.deep.equal(['deal.stage_changed', 'deal.updated']);
      expect(first.body.has_more).to.equal(true);
      const next = await env.request.get(`/api/v1/events?limit=2&starting_after=${first.body.data[1].id}`).set(t.auth);
      expect(next.body.data.map((e: { type: string }) => e.type)).to.deep.equal(['deal.created']);
      expect(next.body.has_more).to.equal(false);
      const typed = await env.request.get('/api/v1/events?type=deal.created').set(t.auth);
      expect(typed.body.data).to.have.length(1);
      for (const [query, field] of [
        ['type=deal.nope', 'type'],
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['created_after=ontem', 'created_after'],
        ['starting_after=not-an-id', 'starting_after'],
      ]) {
        const bad = await env.request.get(`/api/v1/events?${query}`).set(t.auth);
        expect(bad.status, query).to.equal(400);
        expect(bad.body.error.details.field, query).to.equal(field);
      }
      const foreign = (await env.request.get('/api/v1/events').set(other.auth)).body.data[0].id;
      expect((await env.request.get(`/api/v1/events?starting_after=${foreign}`).set(t.auth)).status).to.equal(404);
    });

    it('answers 404 for another team’s subscription on every delivery route', async () => {
      const t = await env.team();
      const other = await env.team();
      const { id } = await subscribe(t);
      const routes = [
        () => env.request.get(`/api/v1/event-subscriptions/${id}/deliveries`).set(other.auth),
        () => env.request.post(`/api/v1/event-subscriptions/${id}/test`).set(other.auth),
        () => env.request.post(`/api/v1/event-subscriptions/${id}/recover`).set(other.auth).send({ since: '2026-01-01T00:00:00Z' }),
        () => env.request.post(`/api/v1/event-subscriptions/${id}/deliveries/${id}/retry`).set(other.auth),
      ];
      for (const call of routes) expect((await call()).status).to.equal(404);
      expect((await env.request.post(`/api/v1/event-subscriptions/${id}/recover`).set(t.auth).send({ since: 'ontem' })).status).to.equal(
        400,
      );
    });
  });
}
