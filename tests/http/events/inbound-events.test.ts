// `inbound.delivery.failed`: a payload the inbound receiver kept and could not process (refused, unreadable,
// crashed) writes one event with the delivery as the operator's `webhook deliveries` shows it, without its
// body; written in the transaction that records the failed outcome, so neither is ever kept without the other.
import { expect } from 'chai';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { EventData } from '../../../domain/events/event';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { DealRepository } from '../../../domain/deals/deal-repository';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { EndpointFixture, createEndpointFixture, webhookCli } from '../webhooks/fixtures';

type Json = Record<string, any>;

/** A delivery as `webhook deliveries` prints it, without the body it came with: what the event carries. */
const withoutBody = ({ payload: _payload, raw_body: _raw, ...shown }: Json) => shown;

forEachHttpBackend(
  'Inbound delivery events',
  (env) => {
    const outbox = () => env().runtime.container.get<EventOutbox>(EVENT_TOKENS.EventOutbox);
    const failures = async (f: EndpointFixture): Promise<EventData[]> => {
      const page = await outbox().page({ teamId: f.teamId }, { types: ['inbound.delivery.failed'], limit: 100 });
      return page!.data.slice().reverse();
    };
    const deliveries = async (f: EndpointFixture): Promise<Json[]> =>
      (await webhookCli(env().runtime, ['webhook', 'deliveries', '--endpoint', f.webhook.id])).json.data;
    const post = (f: EndpointFixture, body: unknown, key?: string) => {
      const req = env().request.post(f.url).set('X-Webhook-Secret', f.secret);
      if (key) req.set('Idempotency-Key', key);
      return req.send(body as object);
    };

    it('writes inbound.delivery.failed for a refused payload, with the delivery as the operator sees it, once', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const res = await post(f, { note: 'no contact at all' }, 'k-1');
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ success: false });

      const [delivery] = await deliveries(f);
      expect(delivery).to.include({ status: 'failed', attempts: 1 });
      const events = await failures(f);
      expect(events).to.have.length(1);
      expect(events[0]).to.include({ type: 'inbound.delivery.failed', subjectId: delivery.id, teamId: f.teamId });
      expect(events[0].data).to.deep.equal({ object: withoutBody(delivery) });
      expect(events[0].data.object).to.include({ id: delivery.id, webhook_id: f.webhook.id, status: 'failed' });
      expect(events[0].data.object.error).to.match(/no name, phone or email/);
      expect(events[0].data.object).to.not.have.any.keys('payload', 'raw_body');

      // A redelivery is answered with the first outcome: nothing runs, nothing is written.
      const again = await post(f, { note: 'no contact at all' }, 'k-1');
      expect(again.body).to.include({ success: false, duplicate: true });
      expect(await failures(f)).to.have.length(1);

      // A payload that is processed writes no failure.
      expect((await post(f, { full_name: 'Ana Souza', phone: '11 98765-4321' })).body).to.include({ success: true });
      expect(await failures(f)).to.have.length(1);
    });

    it('writes one for a body it cannot read, and one more for each replay that fails again', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const res = await env()
        .request.post(f.url)
        .set('X-Webhook-Secret', f.secret)
        .set('content-type', 'application/json')
        .send('{"full_name": "Ana",');
      expect(res.status).to.equal(400);
      let [delivery] = await deliveries(f);
      expect(delivery).to.include({ status: 'failed', payload: null });
      let events = await failures(f);
      expect(events.map((e) => e.subjectId)).to.deep.equal([delivery.id]);
      expect(events[0].data).to.deep.equal({ object: withoutBody(delivery) });
      expect(events[0].data.object.body_error).to.match(/not valid JSON/);

      const replay = await webhookCli(env().runtime, ['webhook', 'replay', '--id', delivery.id]);
      expect(replay.code, replay.err).to.equal(1); // the replay ran, and the delivery failed again
      [delivery] = await deliveries(f);
      expect(delivery).to.include({ status: 'failed', attempts: 2 });
      events = await failures(f);
      expect(events.map((e) => e.subjectId)).to.deep.equal([delivery.id, delivery.id]);
      expect(events[1].data).to.deep.equal({ object: withoutBody(delivery) });
      expect(events[1].data.object).to.include({ attempts: 2 });
    });

    it('writes one for a payload whose processing crashed, and none when its replay succeeds', async () => {
      const f = await createEndpointFixture(env());
      const deals = env().runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository);
      const insert = deals.insert;
      deals.insert = async () => {
        deals.insert = insert;
        throw new Error('connection reset by peer');
      };
      let res;
      try {
        res = await post(f, { full_name: 'Ana Souza', phone: '11 98765-4321' });
      } finally {
        deals.insert = insert;
      }
      expect(Object.keys(res.body).sort()).to.deep.equal(['error', 'received']);
      const [delivery] = await deliveries(f);
      expect(delivery).to.include({ status: 'failed' });
      const events = await failures(f);
      expect(events.map((e) => e.subjectId)).to.deep.equal([delivery.id]);
      expect(events[0].data).to.deep.equal({ object: withoutBody(delivery) });
      expect(events[0].data.object.error).to.include('connection reset by peer');

      const replay = await webhookCli(env().runtime, ['webhook', 'replay', '--id', delivery.id]);
      expect(replay.json).to.include({ status: 'succeeded' });
      expect(await failures(f)).to.have.length(1);
    });

    it('keeps neither the failed outcome nor its event when the event cannot be written, and records both on the redelivery', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const log = outbox();
      const addAll = log.addAll;
      log.addAll = async () => {
        log.addAll = addAll;
        throw new Error('disk full');
      };
      let res;
      try {
        res = await post(f, { note: 'no contact' }, 'k-atomic');
      } finally {
        log.addAll = addAll;
      }
      expect(res.status).to.equal(500);
      // Kept as received, never processed: not failed without its event.
      let [delivery] = await deliveries(f);
      expect(delivery).to.include({ status: 'received', attempts: 0, error: null });
      expect(await failures(f)).to.deep.equal([]);

      // The sender retries: the stored delivery is processed now, its outcome and its event together.
      const again = await post(f, { note: 'no contact' }, 'k-atomic');
      expect(again.body).to.include({ success: false, duplicate: true });
      [delivery] = await deliveries(f);
      expect(delivery).to.include({ status: 'failed', attempts: 1 });
      const events = await failures(f);
      expect(events).to.have.length(1);
      expect(events[0].data).to.deep.equal({ object: withoutBody(delivery) });
    });
  },
  backendNames(),
);
