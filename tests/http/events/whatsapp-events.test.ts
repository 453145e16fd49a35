// The WhatsApp events of the log: a message received and a contact made through the Cloud API webhook (its
// bodies written from Meta's "Messages webhook reference" pages, as tests/http/whatsapp does), a delivery
// status that moves an outbound message, and a contact made over the API. Each event carries the record as
// the API's own GET or list answers it, and what changes nothing (a redelivery, a status already known)
// writes no event.
import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { Runtime } from '../../../bootstrap/container';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { EventData } from '../../../domain/events/event';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { backendNames } from '../../support/backends';
import { FakeWhatsAppProvider } from '../../support/fake-whatsapp-provider';
import { startWhatsAppRuntime, stopWhatsAppRuntime } from '../../support/whatsapp-runtime';
import { HttpEnv, TestTeam } from '../../support/http';
import { META_MESSAGES, metaEnvelope } from '../../support/meta-payloads';

const APP_SECRET = 'app-secret-for-event-tests';
const WEBHOOK = '/api/v1/whatsapp/cloud/webhook';
const SHEENA = '16505551234';

type Json = Record<string, any>;
const sign = (raw: string) => `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
const now = () => String(Math.floor(Date.now() / 1000));

/** One message of each kind the brief names, as its reference page shows it. */
const MESSAGES: Record<string, Json> = Object.fromEntries(
  ['text', 'image', 'audio', 'document', 'location', 'reaction', 'button_reply'].map((type) => [type, META_MESSAGES[type]]),
);

/** The failed status of "Status messages webhook reference", for the message `id`. */
const failedStatus = (id: string) => ({
  id,
  status: 'failed',
  timestamp: now(),
  recipient_id: SHEENA,
  errors: [
    {
      code: 131049,
      title: 'This message was not delivered to maintain healthy ecosystem engagement.',
      message: 'This message was not delivered to maintain healthy ecosystem engagement.',
      error_data: { details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.' },
    },
  ],
});
const status = (id: string, value: 'sent' | 'delivered' | 'read') => ({ id, status: value, timestamp: now(), recipient_id: SHEENA });

let pn = 0;

for (const backend of backendNames()) {
  describe(`WhatsApp events [${backend}]`, function () {
    let fake: FakeWhatsAppProvider;
    let runtime: Runtime & { dispose(): Promise<void> };
    let env: HttpEnv;

    before(async function () {
      this.timeout(60000);
      ({ fake, runtime, env } = await startWhatsAppRuntime(backend, { appSecret: APP_SECRET, verifyToken: 'v' }));
    });
    after(() => stopWhatsAppRuntime({ fake, runtime }));

    const outbox = () => runtime.container.get<EventOutbox>(EVENT_TOKENS.EventOutbox);
    /** The team's events, oldest first. */
    const eventsOf = async (team: TestTeam): Promise<EventData[]> => {
      const page = await outbox().page({ teamId: team.teamId }, { limit: 100 });
      expect(page!.hasMore).to.equal(false);
      return page!.data.slice().reverse();
    };
    const cloudInbox = async (team: TestTeam) => {
      const phoneNumberId = `30654035224${backend.length}${++pn}`;
      const inbox = await runtime.container
        .get(CreateInbox)
        .execute(team, { name: 'Cloud', channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG' });
      return { phoneNumberId, inbox };
    };
    const post = async (body: object) => {
      const raw = JSON.stringify(body);
      const res = await env.request
        .post(WEBHOOK)
        .set('content-type', 'application/json')
        .set('x-hub-signature-256', sign(raw))
        .send(raw)
        .expect(200);
      return res.body.data as Json;
    };
    const fromSheena = (phoneNumberId: string, messages: Json[]) =>
      metaEnvelope(phoneNumberId, {
        contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: SHEENA }],
        messages: messages.map((m) => ({ from: SHEENA, timestamp: now(), ...m })),
      });
    const get = async (team: TestTeam, path: string) => (await env.request.get(`/api/v1${path}`).set(team.auth).expect(200)).body;
    const messagesOf = async (team: TestTeam, conversationId: string): Promise<Json[]> =>
      (await get(team, `/whatsapp/conversations/${conversationId}/messages?limit=100`)).data;

    it('writes whatsapp.contact.created and one whatsapp.message.received per message, each as the API shows it, and nothing on a redelivery', async () => {
      const team = await env.team();
      const { phoneNumberId } = await cloudInbox(team);
      const names = Object.keys(MESSAGES);
      // The first message alone, then the others in one delivery.
      expect(await post(fromSheena(phoneNumberId, [MESSAGES.text]))).to.include({ messages: 1 });
      const rest = fromSheena(
        phoneNumberId,
        names.slice(1).map((n) => MESSAGES[n]),
      );
      expect(await post(rest)).to.include({ messages: names.length - 1 });

      const [conversation] = (await get(team, '/whatsapp/conversations')).data;
      const listed = await messagesOf(team, conversation.id);
      expect(listed).to.have.length(names.length);
      const contact = (await get(team, `/whatsapp/contacts/${conversation.contact_id}`)).data;

      const events = await eventsOf(team);
      expect(events.map((e) => e.type)).to.deep.equal(['whatsapp.contact.created', ...names.map(() => 'whatsapp.message.received')]);
      const [created, ...received] = events;
      expect(created.subjectId).to.equal(contact.id);
      expect(created.data).to.deep.equal({ object: contact });
      expect(await outbox().listBySubject({ teamId: team.teamId }, contact.id)).to.have.length(1);
      for (const [i, name] of names.entries()) {
        const event = received[i];
        const { raw, ...shown } = listed.find((m) => m.provider_message_id === MESSAGES[name].id)!;
        expect(raw, name).to.be.an('object');
        expect(event.subjectId, name).to.equal(shown.id);
        // The message as the API shows it, without the provider's raw object: the log keeps no copy of it.
        expect(event.data, name).to.deep.equal({ object: shown });
        expect(JSON.stringify(event.data), name).to.not.include(JSON.stringify(raw));
        expect(event.data.object, name).to.include({ conversation_id: conversation.id, contact_id: contact.id, direction: 'inbound' });
        expect(event).to.include({ teamId: team.teamId, status: 'pending' });
      }

      // Meta redelivers until it gets a 200: nothing is stored again, and no event is written again.
      expect(await post(rest)).to.include({ messages: 0, ignored: names.length - 1 });
      expect(await post(fromSheena(phoneNumberId, [MESSAGES.text]))).to.include({ messages: 0, ignored: 1 });
      expect(await eventsOf(team)).to.have.length(events.length);

      // A known contact writing again: its message, and no second contact.created.
      await post(fromSheena(phoneNumberId, [{ id: 'wamid.EV_AGAIN', type: 'text', text: { body: 'Hello again' } }]));
      expect((await eventsOf(team)).slice(events.length).map((e) => e.type)).to.deep.equal(['whatsapp.message.received']);
    });

    it('writes whatsapp.message.status_changed when a status moves an outbound message, with the old status and the provider error', async () => {
      const team = await env.team();
      const { phoneNumberId } = await cloudInbox(team);
      await post(fromSheena(phoneNumberId, [MESSAGES.text]));
      const [conversation] = (await get(team, '/whatsapp/conversations')).data;
      const send = async (content: string) =>
        (await env.request.post('/api/v1/whatsapp/messages').set(team.auth).send({ conversation_id: conversation.id, content }).expect(201))
          .body.data;
      const a = await send('In blue, yes');
      const b = await send('And in green');
      const before = (await eventsOf(team)).length;
      const newEvents = async () => (await eventsOf(team)).slice(before);
      const shown = async (id: string) => {
        const { raw: _raw, ...message } = (await messagesOf(team, conversation.id)).find((m) => m.id === id)!;
        return message;
      };

      // "Status messages webhook reference": delivered, then read.
      const sentHistory = (await shown(a.id)).status_history;
      expect(sentHistory.sent_at).to.be.a('string');
      expect(await post(metaEnvelope(phoneNumberId, { statuses: [status(a.provider_message_id, 'delivered')] }))).to.include({
        statuses: 1,
      });
      let events = await newEvents();
      expect(events.map((e) => [e.type, e.subjectId])).to.deep.equal([['whatsapp.message.status_changed', a.id]]);
      expect(events[0].data).to.deep.equal({ object: await shown(a.id), previous: { status: 'sent', status_history: sentHistory } });
      expect(events[0].data.object).to.include({ status: 'delivered', conversation_id: conversation.id });

      // The same status again, and an older one after it, change nothing: no event.
      const stale = metaEnvelope(phoneNumberId, {
        statuses: [status(a.provider_message_id, 'delivered'), status(a.provider_message_id, 'sent')],
      });
      expect(await post(stale)).to.include({ statuses: 0, ignored: 2 });
      expect(await newEvents()).to.have.length(1);

      const deliveredHistory = (await shown(a.id)).status_history;
      expect(deliveredHistory.delivered_at).to.be.a('string');
      await post(metaEnvelope(phoneNumberId, { statuses: [status(a.provider_message_id, 'read')] }));
      events = await newEvents();
      expect(events).to.have.length(2);
      expect(events[1]).to.include({ type: 'whatsapp.message.status_changed', subjectId: a.id });
      expect(events[1].data).to.deep.equal({
        object: await shown(a.id),
        previous: { status: 'delivered', status_history: deliveredHistory },
      });

      // A failed message: the provider's error as the message list shows it.
      const bHistory = (await shown(b.id)).status_history;
      await post(metaEnvelope(phoneNumberId, { statuses: [failedStatus(b.provider_message_id)] }));
      events = await newEvents();
      expect(events).to.have.length(3);
      const failed = await shown(b.id);
      expect(failed).to.deep.include({
        status: 'failed',
        error: {
          code: '131049',
          title: 'This message was not delivered to maintain healthy ecosystem engagement.',
          detail: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
        },
      });
      expect(events[2]).to.include({ type: 'whatsapp.message.status_changed', subjectId: b.id });
      expect(events[2].data).to.deep.equal({ object: failed, previous: { status: 'sent', status_history: bHistory, error: null } });

      // A failed message stays failed: a later status, or the failure again, writes nothing.
      await post(metaEnvelope(phoneNumberId, { statuses: [failedStatus(b.provider_message_id), status(b.provider_message_id, 'read')] }));
      expect(await newEvents()).to.have.length(3);
      // Its whatsapp.message.sent, when the provider took it, and the one failure.
      expect((await outbox().listBySubject({ teamId: team.teamId }, b.id)).map((e) => e.type)).to.deep.equal([
        'whatsapp.message.sent',
        'whatsapp.message.status_changed',
      ]);
    });

    it('writes whatsapp.contact.created for a contact made over the API, once per person', async () => {
      const team = await env.team();
      const created = await env.request.post('/api/v1/whatsapp/contacts').set(team.auth).send({ phone: '11987654321', custom_name: 'Ana' });
      expect(created.status).to.equal(201);
      const contact = (await get(team, `/whatsapp/contacts/${created.body.data.id}`)).data;
      let events = await eventsOf(team);
      expect(events).to.have.length(1);
      expect(events[0]).to.include({ type: 'whatsapp.contact.created', subjectId: contact.id });
      expect(events[0].data).to.deep.equal({ object: contact });

      // The same person again (the Brazilian variant without the ninth digit): the existing contact, no event.
      const again = await env.request.post('/api/v1/whatsapp/contacts').set(team.auth).send({ phone: '551187654321' });
      expect(again.status).to.equal(200);
      expect(again.body.data).to.include({ id: contact.id, reused: true });
      expect(await eventsOf(team)).to.have.length(1);

      // A message sent to a new number makes its contact too.
      const sandbox = await runtime.container.get(CreateInbox).execute(team, { name: 'Sandbox', channel: 'sandbox' });
      const sent = await env.request
        .post('/api/v1/whatsapp/messages')
        .set(team.auth)
        .send({ inbox_id: sandbox.id, phone: '21912345678', content: 'Olá' })
        .expect(201);
      const made = (await get(team, `/whatsapp/contacts/${sent.body.data.contact_id}`)).data;
      events = await eventsOf(team);
      expect(events.map((e) => [e.type, e.subjectId])).to.deep.equal([
        ['whatsapp.contact.created', contact.id],
        ['whatsapp.contact.created', made.id],
        ['whatsapp.message.sent', sent.body.data.id],
      ]);
      expect(events[1].data).to.deep.equal({ object: made });
      // The message as its GET answers it, once the provider took it (without the provider's raw object).
      const { raw: _raw, ...message } = (await get(team, `/whatsapp/messages/${sent.body.data.id}`)).data;
      expect(events[2].data).to.deep.equal({ object: message });
      expect(events[2].data.object).to.include({ status: 'sent', type: 'text', text: 'Olá' });
      // Sending again to the same number makes nothing new.
      await env.request
        .post('/api/v1/whatsapp/messages')
        .set(team.auth)
        .send({ inbox_id: sandbox.id, phone: '21912345678', content: 'Oi' })
        .expect(201);
      expect((await eventsOf(team)).filter((e) => e.type === 'whatsapp.contact.created')).to.have.length(2);
    });
  });
}
