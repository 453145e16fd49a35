import { expect } from 'chai';
import { CloudApiChange, RecordCloudApiEvents } from '../../../../application/whatsapp/record-cloud-api-events';
import { EventData } from '../../../../domain/events/event';
import { Duplicate } from '../../../../domain/shared/errors';
import { ContactData } from '../../../../domain/whatsapp/contact';
import { Conversation, ConversationData } from '../../../../domain/whatsapp/conversation';
import { InboundContent, MessageData, inboundText } from '../../../../domain/whatsapp/message';
import { world } from './whatsapp-world';

describe('RecordCloudApiEvents', () => {
  let w: ReturnType<typeof world>;
  let record: RecordCloudApiEvents;
  const inbound = (from: string, id: string, text = 'oi', sentAt = w.clock.now()): CloudApiChange =>
    message(from, id, inboundText(text), sentAt);
  const message = (
    from: string,
    id: string,
    content: InboundContent,
    sentAt = w.clock.now(),
    newWaId: string | null = null,
  ): CloudApiChange => ({
    phoneNumberId: 'pn-1',
    messages: [{ from, profileName: 'Ana Souza', providerMessageId: id, sentAt, content, newWaId }],
    statuses: [],
    errors: [],
  });
  const content = (over: Partial<InboundContent>): InboundContent => ({ ...inboundText(''), text: null, ...over });
  const contacts = () => w.store.table<ContactData>('whatsapp_contacts').all();
  const conversations = () => w.store.table<ConversationData>('whatsapp_conversations').all();
  const messages = () => w.store.table<MessageData>('whatsapp_messages').all();
  const events = () => w.store.table<EventData>('events').all();

  beforeEach(async () => {
    w = world();
    record = w.recordCloudApiEvents();
    await w.inbox({ channel: 'cloud_api', phoneNumberId: 'pn-1' });
  });

  it('creates the contact and the conversation, records the text and opens the window', async () => {
    const result = await record.execute({ changes: [inbound('551187654321', 'wamid.in1')] });
    expect(result).to.deep.equal({ messages: 1, statuses: 0, errors: 0, ignored: 0 });
    const [contact] = w.store.table<{ phone: string; pushName: string; id: string }>('whatsapp_contacts').all();
    expect(contact).to.include({ phone: '551187654321', pushName: 'Ana Souza' });
    const [conversation] = w.store
      .table<{ lastInboundAt: string } & Parameters<typeof Conversation.restore>[0]>('whatsapp_conversations')
      .all();
    expect(Conversation.restore(conversation).isWindowOpen(w.clock.now())).to.equal(true);
    const [message] = w.store.table<{ direction: string; content: string; status: string }>('whatsapp_messages').all();
    expect(message).to.include({ direction: 'inbound', content: 'oi', status: 'received' });
  });

  it('records a redelivered message once', async () => {
    await record.execute({ changes: [inbound('5511987654321', 'wamid.in1')] });
    const again = await record.execute({ changes: [inbound('5511987654321', 'wamid.in1')] });
    expect(again).to.deep.equal({ messages: 0, statuses: 0, errors: 0, ignored: 1 });
    expect(w.store.table('whatsapp_messages').all()).to.have.length(1);
  });

  it('finds the contact saved with the other 9th-digit variant', async () => {
    await record.execute({ changes: [inbound('5511987654321', 'wamid.a')] });
    await record.execute({ changes: [inbound('551187654321', 'wamid.b')] });
    expect(w.store.table('whatsapp_contacts').all()).to.have.length(1);
    expect(w.store.table('whatsapp_conversations').all()).to.have.length(1);
  });

  it('records a message of any type with what it carries, and it opens the window', async () => {
    const media = { id: '1479537139650973', mimeType: 'image/webp', sha256: 'sha', filename: null, url: null };
    const result = await record.execute({
      changes: [
        message('5511987654321', 'wamid.stk', content({ type: 'sticker', media, context: { id: 'wamid.OUT', from: '15550783881' } })),
      ],
    });
    expect(result.messages).to.equal(1);
    const [stored] = messages();
    expect(stored).to.deep.include({
      type: 'sticker',
      content: '[sticker]',
      direction: 'inbound',
      status: 'received',
      media,
      context: { id: 'wamid.OUT', from: '15550783881' },
    });
    expect(Conversation.restore(conversations()[0]).isWindowOpen(w.clock.now())).to.equal(true);
  });

  it('follows a customer who changed number, without opening the window', async () => {
    const system = content({ type: 'system', text: 'User Ana changed from 5511987654321 to 12195555358' });
    const result = await record.execute({ changes: [message('5511987654321', 'wamid.sys', system, w.clock.now(), '12195555358')] });
    expect(result.messages).to.equal(1);
    expect(contacts()).to.have.length(1);
    expect(contacts()[0]).to.include({ phone: '12195555358', jid: '12195555358@s.whatsapp.net' });
    expect(Conversation.restore(conversations()[0]).isWindowOpen(w.clock.now())).to.equal(false);
    expect(messages()[0]).to.include({ type: 'system', content: 'User Ana changed from 5511987654321 to 12195555358' });

    // the next message from the new number lands in the same conversation
    await record.execute({ changes: [inbound('12195555358', 'wamid.new')] });
    expect(conversations()).to.have.length(1);
    expect(messages().map((m) => m.conversationId)).to.deep.equal([conversations()[0].id, conversations()[0].id]);
  });

  it('does not merge two contacts when the new number already has one', async () => {
    await record.execute({ changes: [inbound('12195555358', 'wamid.other')] });
    await record.execute({ changes: [message('5511987654321', 'wamid.sys', content({ type: 'system' }), w.clock.now(), '12195555358')] });
    expect(
      contacts()
        .map((c) => c.phone)
        .sort(),
    ).to.deep.equal(['12195555358', '5511987654321']);
    expect(w.logger.lines.some((l) => l.level === 'warn' && /own contact/.test(l.message))).to.equal(true);
  });

  it('keeps the first ad referral as the conversation source', async () => {
    const ad = (id: string) => ({
      sourceUrl: `https://fb.me/${id}`,
      sourceId: id,
      sourceType: 'ad',
      headline: 'Promo',
      body: 'Corpo',
      mediaType: 'image',
      imageUrl: 'https://x/img.jpg',
      videoUrl: null,
      thumbnailUrl: null,
      ctwaClid: `clid-${id}`,
    });
    await record.execute({ changes: [message('5511987654321', 'wamid.r1', content({ type: 'text', text: 'oi', referral: ad('1') }))] });
    await record.execute({
      changes: [message('5511987654321', 'wamid.r2', content({ type: 'text', text: 'de novo', referral: ad('2') }))],
    });
    expect(conversations()[0].source).to.deep.equal(ad('1'));
    expect(
      messages()
        .map((m) => m.referral?.sourceId)
        .sort(),
    ).to.deep.equal(['1', '2']);
  });

  it('logs and keeps errors about the number, per inbox, and counts them', async () => {
    const error = { code: '130429', title: 'Rate limit hit', detail: 'Message failed to send because there were too many messages' };
    const result = await record.execute({ changes: [{ phoneNumberId: 'pn-1', messages: [], statuses: [], errors: [error] }] });
    expect(result).to.deep.equal({ messages: 0, statuses: 0, errors: 1, ignored: 0 });
    const inbox = (await w.inboxes.findByPhoneNumberId('pn-1'))!;
    const kept = await w.inboxErrors.list(w.team, { inboxId: inbox.id }, 10);
    expect(kept).to.have.length(1);
    expect(kept[0]).to.include({ ...error, inboxId: inbox.id, teamId: w.team.teamId });
    expect(w.logger.lines).to.deep.include({ level: 'warn', message: 'Cloud API reported an error for the number' });
  });

  it('skips a message whose id is too long to keep, fits the values of another, and stores the rest, with warnings', async () => {
    const change = inbound('5511987654321', 'wamid.before');
    change.messages.push(
      message('5511987654321', 'w'.repeat(256), inboundText('lost')).messages[0],
      message('5511987654321', 'wamid.long', content({ type: 't'.repeat(33), context: { id: 'wamid.x', from: '1'.repeat(65) } }))
        .messages[0],
      message('5511987654321', 'wamid.after', inboundText('after')).messages[0],
    );
    change.statuses.push({ providerMessageId: 'w'.repeat(256), status: 'read', error: null });
    const result = await record.execute({ changes: [change] });
    expect(result).to.deep.equal({ messages: 3, statuses: 0, errors: 0, ignored: 2 });
    expect(messages().map((m) => m.providerMessageId)).to.have.members(['wamid.before', 'wamid.long', 'wamid.after']);
    expect(messages().find((m) => m.providerMessageId === 'wamid.long')).to.deep.include({
      type: 't'.repeat(32),
      context: { id: 'wamid.x', from: null },
    });
    const warnings = w.logger.lines.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).to.include.members([
      'Cloud API message id longer than a message keeps; skipped',
      'Cloud API message with values longer than a message keeps; kept fitted',
    ]);
  });

  it('keeps an error about the number without a code too long to keep, and skips a phone number id too long for any inbox', async () => {
    const error = { code: '1'.repeat(33), title: 'Rate limit hit', detail: null };
    const result = await record.execute({
      changes: [
        { phoneNumberId: 'p'.repeat(65), messages: [], statuses: [], errors: [error] },
        { phoneNumberId: 'pn-1', messages: [], statuses: [], errors: [error] },
      ],
    });
    expect(result).to.deep.equal({ messages: 0, statuses: 0, errors: 1, ignored: 1 });
    const inbox = (await w.inboxes.findByPhoneNumberId('pn-1'))!;
    const kept = await w.inboxErrors.list(w.team, { inboxId: inbox.id }, 10);
    expect(kept.map((e) => e.code)).to.deep.equal([null]);
    expect(kept[0]).to.include({ title: 'Rate limit hit' });
    const warnings = w.logger.lines.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).to.include.members([
      'Cloud API webhook for a phone number id longer than an inbox keeps',
      'Cloud API error code longer than an inbox error keeps; left out',
    ]);
  });

  it('does not let a timestamp from the future stretch the window', async () => {
    const future = new Date(w.clock.now().getTime() + 10 * 3600_000);
    await record.execute({ changes: [inbound('5511987654321', 'wamid.f', 'oi', future)] });
    w.advance(25);
    const [c] = w.store.table<Parameters<typeof Conversation.restore>[0]>('whatsapp_conversations').all();
    expect(Conversation.restore(c).isWindowOpen(w.clock.now())).to.equal(false);
  });

  it('ignores a phone number id that no inbox has', async () => {
    const change = { ...inbound('5511987654321', 'x'), phoneNumberId: 'unknown', errors: [{ code: '1', title: null, detail: null }] };
    const result = await record.execute({ changes: [change] });
    expect(result).to.deep.equal({ messages: 0, statuses: 0, errors: 0, ignored: 2 });
    expect(w.store.table('whatsapp_contacts').all()).to.have.length(0);
  });

  it('settles the status of a sent message, never backwards, and keeps a failure reason', async () => {
    await record.execute({ changes: [inbound('5511987654321', 'wamid.in')] });
    const send = w.sendMessage();
    const inbox = (await w.inboxes.findByPhoneNumberId('pn-1'))!;
    const a = (await send.execute(w.team, { inboxId: inbox.id, phone: '5511987654321', content: 'one' })).message;
    const b = (await send.execute(w.team, { inboxId: inbox.id, phone: '5511987654321', content: 'two' })).message;
    const statuses = (events: CloudApiChange['statuses']) =>
      record.execute({ changes: [{ phoneNumberId: 'pn-1', messages: [], statuses: events, errors: [] }] });

    expect((await statuses([{ providerMessageId: a.providerMessageId!, status: 'read', error: null }])).statuses).to.equal(1);
    expect(await statuses([{ providerMessageId: a.providerMessageId!, status: 'delivered', error: null }])).to.deep.equal({
      messages: 0,
      statuses: 0,
      errors: 0,
      ignored: 1,
    });
    expect((await statuses([{ providerMessageId: 'wamid.not-ours', status: 'read', error: null }])).ignored).to.equal(1);
    expect((await w.messages.findById(w.team, a.id))?.status).to.equal('read');

    const error = { code: '131026', title: 'Message undeliverable', detail: 'Receiver incapable' };
    await statuses([{ providerMessageId: b.providerMessageId!, status: 'failed', error }]);
    expect(await w.messages.findById(w.team, b.id)).to.deep.include({ status: 'failed', error });
  });

  describe('events', () => {
    it('writes whatsapp.contact.created for a new sender, then whatsapp.message.received, and wakes the dispatcher once it committed', async () => {
      await record.execute({ changes: [inbound('5511987654321', 'wamid.a'), inbound('5511987654321', 'wamid.b')] });
      const [contact] = contacts();
      const stored = messages();
      expect(events().map((e) => [e.type, e.subjectId])).to.deep.equal([
        ['whatsapp.contact.created', contact.id],
        ['whatsapp.message.received', stored[0].id],
        ['whatsapp.message.received', stored[1].id],
      ]);
      expect(events()[1].data.object).to.include({ id: stored[0].id, conversation_id: conversations()[0].id, contact_id: contact.id });
      expect(w.trigger.kicks).to.equal(1);

      await record.execute({ changes: [inbound('5511987654321', 'wamid.a')] });
      expect(events()).to.have.length(3);
      expect(w.trigger.kicks).to.equal(1);
    });

    it('writes the events of a message whose transaction lost a race once, with the attempt that stored it', async () => {
      const insert = w.messages.insert.bind(w.messages);
      let lost = false;
      w.messages.insert = async (m) => {
        await insert(m);
        if (!lost) {
          lost = true;
          throw new Duplicate('another node stored it first');
        }
      };
      const result = await record.execute({ changes: [inbound('5511987654321', 'wamid.race')] });
      expect(result.messages).to.equal(1);
      expect(lost).to.equal(true);
      expect(contacts()).to.have.length(1);
      expect(events().map((e) => e.type)).to.deep.equal(['whatsapp.contact.created', 'whatsapp.message.received']);
      expect(events().map((e) => e.subjectId)).to.deep.equal([contacts()[0].id, messages()[0].id]);
    });

    it('writes whatsapp.message.status_changed with the old status only for a status that moves the message', async () => {
      await record.execute({ changes: [inbound('5511987654321', 'wamid.in')] });
      const inbox = (await w.inboxes.findByPhoneNumberId('pn-1'))!;
      const sent = (await w.sendMessage().execute(w.team, { inboxId: inbox.id, phone: '5511987654321', content: 'one' })).message;
      const before = events().length;
      const kicks = w.trigger.kicks;
      const statuses = (status: 'delivered' | 'read') =>
        record.execute({
          changes: [
            {
              phoneNumberId: 'pn-1',
              messages: [],
              statuses: [{ providerMessageId: sent.providerMessageId!, status, error: null }],
              errors: [],
            },
          ],
        });
      await statuses('read');
      await statuses('delivered');
      await statuses('read');
      const changed = events().slice(before);
      expect(changed.map((e) => [e.type, e.subjectId])).to.deep.equal([['whatsapp.message.status_changed', sent.id]]);
      expect(changed[0].data.previous).to.deep.include({ status: 'sent' });
      expect(changed[0].data.previous?.status_history).to.include({ read_at: null });
      expect(changed[0].data.object).to.include({ id: sent.id, status: 'read' });
      expect(w.trigger.kicks).to.equal(kicks + 1);
    });
  });
});
