// Minimisation of WhatsApp messages: past the retention, the provider's raw object is dropped (set to null)
// across teams, in batches, oldest first; what a person reads of the message, and its status, stay.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { WHATSAPP_TOKENS } from '../../../bootstrap/contexts/whatsapp';
import { PhoneNumber } from '../../../domain/shared/phone-number';
import { Contact } from '../../../domain/whatsapp/contact';
import { ContactRepository } from '../../../domain/whatsapp/contact-repository';
import { Conversation, ConversationData } from '../../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../../domain/whatsapp/conversation-repository';
import { Inbox } from '../../../domain/whatsapp/inbox';
import { InboxRepository } from '../../../domain/whatsapp/inbox-repository';
import { InboundContent, Message, MessageData } from '../../../domain/whatsapp/message';
import { MessageRepository } from '../../../domain/whatsapp/message-repository';
import { forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';

const day = (d: number, s = 0) => new Date(Date.UTC(2020, 0, d, 0, 0, s));
const FAR_FUTURE = new Date(Date.UTC(2100, 0, 1));

const image = (n: number): InboundContent => ({
  type: 'image',
  text: `Foto do contrato ${n}`,
  media: { id: `media-${n}`, mimeType: 'image/jpeg', sha256: `sha-${n}`, filename: null, url: null },
  context: { id: 'wamid.OUT1', from: '5511987654321' },
  referral: null,
  error: null,
  raw: { from: '5511987654321', id: `wamid.${n}`, type: 'image', image: { caption: `Foto do contrato ${n}`, id: `media-${n}` } },
});

/** The message as it is once its raw object was dropped: everything else as it was. */
const dropped = (m: MessageData): MessageData => ({ ...m, raw: null });

forEachBackend('MessageRepository: dropping raw objects past their retention', (env) => {
  let messages: MessageRepository;
  let n = 0;

  /** A conversation of its own in `teamId`: an inbox, a contact, and the conversation between them. */
  const thread = async (teamId: string) => {
    const c = env().container;
    const inbox = Inbox.create(randomUUID(), teamId, { name: 'Inbox', channel: 'sandbox' }, day(1)).snapshot();
    await c.get<InboxRepository>(WHATSAPP_TOKENS.InboxRepository).insert(inbox);
    const contacts = referencedRows(env()).whatsappContacts(c.get<ContactRepository>(WHATSAPP_TOKENS.ContactRepository));
    const contact = Contact.create(
      randomUUID(),
      teamId,
      PhoneNumber.parse(`55119876${String(++n).padStart(5, '0')}`),
      {},
      day(1),
    ).snapshot();
    await contacts.insert(contact);
    const conversation = Conversation.open(randomUUID(), teamId, inbox, contact.id, day(1)).snapshot();
    await c.get<ConversationRepository>(WHATSAPP_TOKENS.ConversationRepository).insert(conversation);
    return conversation;
  };
  /** An inbound image sent at `sentAt` and stored a minute later, its raw object kept. */
  const received = async (conversation: ConversationData, sentAt: Date): Promise<MessageData> => {
    const m = Message.inbound(
      randomUUID(),
      conversation.teamId,
      conversation,
      image(++n),
      `wamid.${randomUUID()}`,
      sentAt,
      day(25),
    ).snapshot();
    await messages.insert(m);
    return m;
  };
  const read = (m: MessageData) => messages.findById({ teamId: m.teamId }, m.id);

  beforeEach(async () => {
    messages = env().container.get(WHATSAPP_TOKENS.MessageRepository);
    // Every raw object a test before left is dropped, so that each counts only its own.
    while ((await messages.dropRawBefore(FAR_FUTURE, 1000)) > 0);
  });

  it('drops the raw object of messages sent before the cutoff, oldest first, at most the limit', async () => {
    const v = await thread(randomUUID());
    const third = await received(v, day(3));
    const first = await received(v, day(1));
    const atCutoff = await received(v, day(10));
    const second = await received(v, day(2));
    const fresh = await received(v, day(20));
    // A message sent from here has no raw object: nothing to drop, nothing counted.
    const sent = Message.outbound(randomUUID(), v.teamId, v, 'Olá, Ana', day(1, 30));
    sent.accept('wamid.sent', day(1, 31));
    await messages.insert(sent.snapshot());

    expect(await messages.dropRawBefore(day(10), 2)).to.equal(2);
    expect(await read(first)).to.deep.equal(dropped(first));
    expect(await read(second)).to.deep.equal(dropped(second));
    expect(await read(third)).to.deep.equal(third);

    expect(await messages.dropRawBefore(day(10), 2)).to.equal(1);
    expect(await read(third)).to.deep.equal(dropped(third));
    // The cutoff itself and after: kept whole; the sent message as it was.
    expect(await read(atCutoff)).to.deep.equal(atCutoff);
    expect(await read(fresh)).to.deep.equal(fresh);
    expect(await read(sent.snapshot())).to.deep.equal(sent.snapshot());

    // A second pass changes nothing, and counts nothing.
    expect(await messages.dropRawBefore(day(10), 2)).to.equal(0);
    expect(await read(first)).to.deep.equal(dropped(first));
  });

  it("drops every team's old raw objects by the same rule, never another field of theirs", async () => {
    const threads = [await thread(randomUUID()), await thread(randomUUID()), await thread(randomUUID())];
    const old: MessageData[] = [];
    const fresh: MessageData[] = [];
    for (const [i, v] of threads.entries()) {
      old.push(await received(v, day(1, i)), await received(v, day(5, i)));
      fresh.push(await received(v, day(15, i)));
    }

    expect(await messages.dropRawBefore(day(10), 1000)).to.equal(old.length);
    for (const m of old) expect(await read(m)).to.deep.equal(dropped(m));
    for (const m of fresh) expect(await read(m)).to.deep.equal(m);
    expect(await messages.findById({ teamId: threads[1].teamId }, old[0].id)).to.equal(null);
    expect(await messages.dropRawBefore(day(10), 1000)).to.equal(0);
  });

  it('keeps settling a message whose raw object was dropped, and finds it by its provider id', async () => {
    const v = await thread(randomUUID());
    const echoed = Message.sentElsewhere(randomUUID(), v.teamId, v, image(++n), 'wamid.echo', day(1), day(1));
    await messages.insert(echoed.snapshot());
    expect(await messages.dropRawBefore(day(10), 1000)).to.equal(1);

    const kept = await messages.findByProviderMessageId({ teamId: v.teamId }, v.inboxId, 'wamid.echo');
    expect(kept).to.deep.equal(dropped(echoed.snapshot()));
    const message = Message.restore(kept!);
    expect(message.applyDeliveryStatus('read', null, day(30))).to.equal(true);
    await messages.update(message.snapshot());
    expect(await read(message.snapshot())).to.deep.include({ status: 'read', raw: null });
  });
});
