import { expect } from 'chai';
import { CloudApiChange, RecordCloudApiEvents } from '../../../../application/whatsapp/record-cloud-api-events';
import { SendWhatsAppText } from '../../../../application/whatsapp/send-whatsapp-text';
import { Conversation } from '../../../../domain/whatsapp/conversation';
import { world } from './whatsapp-world';

describe('RecordCloudApiEvents', () => {
  let w: ReturnType<typeof world>;
  let record: RecordCloudApiEvents;
  const inbound = (from: string, id: string, text: string | null = 'oi', sentAt = w.clock.now()): CloudApiChange =>
    ({ phoneNumberId: 'pn-1', messages: [{ from, profileName: 'Ana Souza', providerMessageId: id, sentAt, text }], statuses: [] });

  beforeEach(async () => {
    w = world();
    record = new RecordCloudApiEvents(w.uow, w.inboxes, w.contacts, w.conversations, w.messages, w.ids, w.clock, w.logger);
    await w.inbox({ channel: 'cloud_api', phoneNumberId: 'pn-1' });
  });

  it('creates the contact and the conversation, records the text and opens the window', async () => {
    const result = await record.execute([inbound('551187654321', 'wamid.in1')]);
    expect(result).to.deep.equal({ messages: 1, statuses: 0, ignored: 0 });
    const [contact] = w.store.table<{ phone: string; pushName: string; id: string }>('whatsapp_contacts').all();
    expect(contact).to.include({ phone: '551187654321', pushName: 'Ana Souza' });
    const [conversation] = w.store.table<{ lastInboundAt: string } & Parameters<typeof Conversation.restore>[0]>('whatsapp_conversations').all();
    expect(Conversation.restore(conversation).isWindowOpen(w.clock.now())).to.equal(true);
    const [message] = w.store.table<{ direction: string; content: string; status: string }>('whatsapp_messages').all();
    expect(message).to.include({ direction: 'inbound', content: 'oi', status: 'received' });
  });

  it('records a redelivered message once', async () => {
    await record.execute([inbound('5511987654321', 'wamid.in1')]);
    const again = await record.execute([inbound('5511987654321', 'wamid.in1')]);
    expect(again.messages).to.equal(0);
    expect(w.store.table('whatsapp_messages').all()).to.have.length(1);
  });

  it('finds the contact saved with the other 9th-digit variant', async () => {
    await record.execute([inbound('5511987654321', 'wamid.a')]);
    await record.execute([inbound('551187654321', 'wamid.b')]);
    expect(w.store.table('whatsapp_contacts').all()).to.have.length(1);
    expect(w.store.table('whatsapp_conversations').all()).to.have.length(1);
  });

  it('opens the window for a non-text message without recording it', async () => {
    await record.execute([inbound('5511987654321', 'wamid.img', null)]);
    expect(w.store.table('whatsapp_messages').all()).to.have.length(0);
    expect(w.store.table('whatsapp_conversations').all()).to.have.length(1);
  });

  it('does not let a timestamp from the future stretch the window', async () => {
    const future = new Date(w.clock.now().getTime() + 10 * 3600_000);
    await record.execute([inbound('5511987654321', 'wamid.f', 'oi', future)]);
    w.advance(25);
    const [c] = w.store.table<Parameters<typeof Conversation.restore>[0]>('whatsapp_conversations').all();
    expect(Conversation.restore(c).isWindowOpen(w.clock.now())).to.equal(false);
  });

  it('ignores a phone number id that no inbox has', async () => {
    const result = await record.execute([{ ...inbound('5511987654321', 'x'), phoneNumberId: 'unknown' }]);
    expect(result.ignored).to.equal(1);
    expect(w.store.table('whatsapp_contacts').all()).to.have.length(0);
  });

  it('settles the status of a sent message, never backwards, and keeps a failure reason', async () => {
    await record.execute([inbound('5511987654321', 'wamid.in')]);
    const send = new SendWhatsAppText(w.uow, w.inboxes, w.contacts, w.conversations, w.messages, w.provider, w.ids, w.clock, w.logger);
    const inbox = (await w.inboxes.findByPhoneNumberId('pn-1'))!;
    const a = (await send.execute(w.team, { inbox_id: inbox.id, phone: '5511987654321', content: 'one' })).message;
    const b = (await send.execute(w.team, { inbox_id: inbox.id, phone: '5511987654321', content: 'two' })).message;
    const statuses = (events: CloudApiChange['statuses']) => record.execute([{ phoneNumberId: 'pn-1', messages: [], statuses: events }]);

    expect((await statuses([{ providerMessageId: a.providerMessageId!, status: 'read', error: null }])).statuses).to.equal(1);
    expect((await statuses([{ providerMessageId: a.providerMessageId!, status: 'delivered', error: null }])).statuses).to.equal(0);
    expect((await w.messages.findById(w.team, a.id))?.status).to.equal('read');

    const error = { code: '131026', title: 'Message undeliverable', detail: 'Receiver incapable' };
    await statuses([{ providerMessageId: b.providerMessageId!, status: 'failed', error }]);
    expect(await w.messages.findById(w.team, b.id)).to.deep.include({ status: 'failed', error });
  });
});
