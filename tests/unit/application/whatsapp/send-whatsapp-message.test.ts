import { expect } from 'chai';
import { SendWhatsAppMessage, SendWhatsAppMessageCommand } from '../../../../application/whatsapp/send-whatsapp-message';
import { ProviderFailure } from '../../../../application/whatsapp/whatsapp-provider';
import { inboundText } from '../../../../domain/whatsapp/message';
import { Contact } from '../../../../domain/whatsapp/contact';
import { PhoneNumber } from '../../../../domain/shared/phone-number';
import { errorOf, world } from './whatsapp-world';

describe('SendWhatsAppMessage', () => {
  let w: ReturnType<typeof world>;
  let send: SendWhatsAppMessage;
  const run = (input: SendWhatsAppMessageCommand, team = w.team) => send.execute(team, input);
  const inboundOn = async (phoneNumberId: string, from: string) =>
    w.recordCloudApiEvents().execute({
      changes: [
        {
          phoneNumberId,
          statuses: [],
          errors: [],
          messages: [
            {
              from,
              profileName: 'Ana',
              providerMessageId: `in.${from}.${w.clock.now().getTime()}`,
              sentAt: w.clock.now(),
              content: inboundText('oi'),
              newWaId: null,
            },
          ],
        },
      ],
    });

  beforeEach(() => {
    w = world();
    send = w.sendMessage();
  });

  it('opens a conversation on an evolution inbox, sends, and saves the message as sent', async () => {
    const inbox = await w.inbox({ channel: 'evolution' });
    const { message, reused } = await run({ inboxId: inbox.id, phone: '(11) 98765-4321', content: 'Olá' });
    expect(reused).to.equal(false);
    expect(message).to.include({
      direction: 'outbound',
      type: 'text',
      content: 'Olá',
      status: 'sent',
      providerMessageId: 'wamid.1',
      inboxId: inbox.id,
    });
    expect(w.provider.sent).to.have.length(1);
    expect(w.provider.sent[0]).to.deep.include({ to: '5511987654321', text: 'Olá' });
    expect(await w.messages.findById(w.team, message.id)).to.deep.equal(message);
    const contact = await w.contacts.findById(w.team, message.contactId);
    expect(contact?.phone).to.equal('5511987654321');
  });

  it('reuses the conversation of a Brazilian variant of the number', async () => {
    const inbox = await w.inbox({ channel: 'sandbox' });
    const first = await run({ inboxId: inbox.id, phone: '551187654321', content: 'a' });
    const second = await run({ inboxId: inbox.id, phone: '+55 11 98765-4321', content: 'b' });
    expect(second.reused).to.equal(true);
    expect(second.message.conversationId).to.equal(first.message.conversationId);
    // sent to the number as the contact was saved
    expect(w.provider.sent.map((m) => m.to)).to.deep.equal(['551187654321', '551187654321']);
  });

  it('sends on a conversation by id', async () => {
    const inbox = await w.inbox({ channel: 'sandbox' });
    const first = await run({ inboxId: inbox.id, phone: '11987654321', content: 'a' });
    const second = await run({ conversationId: first.message.conversationId, content: 'b' });
    expect(second.message.conversationId).to.equal(first.message.conversationId);
    expect(second.reused).to.equal(true);
  });

  it('refuses free text on a Cloud API inbox the customer never wrote to (409 window closed), sending nothing', async () => {
    const inbox = await w.inbox({ channel: 'cloud_api' });
    const error = await errorOf(run({ inboxId: inbox.id, phone: '11987654321', content: 'a' }));
    expect(error.code).to.equal('customer_service_window_closed');
    expect(w.provider.sent).to.have.length(0);
  });

  it('sends on a Cloud API inbox within 24 hours of the customer last message, and refuses after', async () => {
    const inbox = await w.inbox({ channel: 'cloud_api', phoneNumberId: 'pn-1' });
    await inboundOn('pn-1', '551187654321');
    w.advance(23);
    const { message } = await run({ inboxId: inbox.id, phone: '11 98765-4321', content: 'a' });
    expect(message.status).to.equal('sent');
    w.advance(2);
    const error = await errorOf(run({ conversationId: message.conversationId, content: 'b' }));
    expect(error.code).to.equal('customer_service_window_closed');
    expect(w.provider.sent).to.have.length(1);
  });

  it('answers 502 when the provider fails, and keeps the message as failed with the reason', async () => {
    const inbox = await w.inbox({ channel: 'evolution' });
    w.provider.failWith(new ProviderFailure('timeout', 'no answer'));
    const error = await errorOf(run({ inboxId: inbox.id, phone: '11987654321', content: 'a' }));
    expect(error.kind).to.equal('bad_gateway');
    expect(error.code).to.equal('BAD_GATEWAY');
    const saved = w.store.table<{ status: string; error: unknown }>('whatsapp_messages').all();
    expect(saved).to.have.length(1);
    expect(saved[0].status).to.equal('failed');
    expect(saved[0].error).to.deep.include({ detail: 'no answer' });
  });

  it('answers 409 when the Cloud API itself reports the window closed', async () => {
    const inbox = await w.inbox({ channel: 'cloud_api', phoneNumberId: 'pn-9' });
    await inboundOn('pn-9', '5511987654321');
    w.provider.failWith(
      new ProviderFailure('window_closed', 'Re-engagement message', { code: '131047', title: 'Re-engagement message', detail: null }),
    );
    const error = await errorOf(run({ inboxId: inbox.id, phone: '5511987654321', content: 'a' }));
    expect(error.code).to.equal('customer_service_window_closed');
  });

  it('answers 500 when the provider accepted but the message could not be saved after', async () => {
    const inbox = await w.inbox({ channel: 'sandbox' });
    const original = w.messages.update.bind(w.messages);
    w.messages.update = async () => {
      throw new Error('disk full');
    };
    const error = await errorOf(run({ inboxId: inbox.id, phone: '11987654321', content: 'a' }));
    w.messages.update = original;
    expect(error.kind).to.equal('internal');
    expect(error.code).to.equal('INTERNAL_ERROR');
    expect(w.provider.sent).to.have.length(1);
    // what was sent is still on record, pending
    expect(
      w.store
        .table<{ status: string }>('whatsapp_messages')
        .all()
        .map((m) => m.status),
    ).to.deep.equal(['pending']);
    expect(w.logger.lines.some((l) => l.level === 'error')).to.equal(true);
  });

  it('records the message before it calls the provider', async () => {
    const inbox = await w.inbox({ channel: 'sandbox' });
    let seenWhileSending: string[] = [];
    w.provider.next = async () => {
      seenWhileSending = w.store
        .table<{ status: string }>('whatsapp_messages')
        .all()
        .map((m) => m.status);
      return { providerMessageId: 'x' };
    };
    await run({ inboxId: inbox.id, phone: '11987654321', content: 'a' });
    expect(seenWhileSending).to.deep.equal(['pending']);
  });

  it('answers 404 with the field for an unknown or foreign inbox or conversation', async () => {
    const foreign = await w.inbox({ channel: 'sandbox' }, w.otherTeam.teamId);
    expect(await errorOf(run({ inboxId: foreign.id, phone: '11987654321', content: 'a' }))).to.deep.include({
      code: 'NOT_FOUND',
      details: { field: 'inbox_id' },
    });
    expect(await errorOf(run({ conversationId: '0190a0b0-0000-7000-8000-000000009999', content: 'a' }))).to.deep.include({
      code: 'NOT_FOUND',
      details: { field: 'conversation_id' },
    });
  });

  it('refuses a missing content, a missing target, a phone without inbox and a malformed id', async () => {
    const inbox = await w.inbox({ channel: 'sandbox' });
    const cases: [SendWhatsAppMessageCommand, string][] = [
      [{ inboxId: inbox.id, phone: '11987654321', content: '' }, 'content'],
      [{ content: 'a' }, 'inbox_id'],
      [{ phone: '11987654321', content: 'a' }, 'inbox_id'],
      [{ inboxId: inbox.id, content: 'a' }, 'phone'],
      [{ inboxId: 'nope', phone: '11987654321', content: 'a' }, 'inbox_id'],
      [{ conversationId: 'nope', content: 'a' }, 'conversation_id'],
      [{ inboxId: inbox.id, phone: '987', content: 'a' }, 'phone'],
    ];
    for (const [input, field] of cases) {
      const error = await errorOf(run(input));
      expect(error.code, JSON.stringify(input)).to.equal('VALIDATION_ERROR');
      expect(error.details, JSON.stringify(input)).to.deep.equal({ field });
    }
    expect(w.provider.sent).to.have.length(0);
  });

  it('uses an existing contact for a new conversation instead of a duplicate', async () => {
    const inbox = await w.inbox({ channel: 'sandbox' });
    const existing = Contact.create(w.ids.next(), w.team.teamId, PhoneNumber.parse('5511987654321'), {}, w.clock.now()).snapshot();
    await w.contacts.insert(existing);
    const { message } = await run({ inboxId: inbox.id, phone: '551187654321', content: 'a' });
    expect(message.contactId).to.equal(existing.id);
  });
});
