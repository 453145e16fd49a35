import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { RecordCloudApiEvents, RecordCloudApiEventsResult } from '../../../application/whatsapp/record-cloud-api-events';
import { CreateTeam } from '../../../application/teams/create-team';
import { WHATSAPP_TOKENS } from '../../../bootstrap/contexts/whatsapp';
import { PhoneNumber } from '../../../domain/shared/phone-number';
import { ContactRepository } from '../../../domain/whatsapp/contact-repository';
import { ConversationRepository } from '../../../domain/whatsapp/conversation-repository';
import { Conversation } from '../../../domain/whatsapp/conversation';
import { Message, inboundText } from '../../../domain/whatsapp/message';
import { MessageRepository } from '../../../domain/whatsapp/message-repository';
import { forEachBackend } from '../../support/backends';

// Meta redelivers a callback until it gets a 200, and with several API nodes (or several connections to
// one) the copies are stored at the same moment: the unique keys decide, and every copy is answered.
forEachBackend('Cloud API deliveries stored concurrently', (env) => {
  it('stores each message once, with one contact and one conversation, and answers every copy', async () => {
    const c = env().container;
    const { team } = await c.get(CreateTeam).execute({ name: 'Concurrent Cloud API' });
    const phoneNumberId = `pn-${team.id}`;
    const inbox = await c
      .get(CreateInbox)
      .execute({ teamId: team.id }, { name: 'Cloud', channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG' });
    const from = '5511987654321';
    const ids = ['wamid.C1', 'wamid.C2', 'wamid.C3'];
    const delivery = (id: string) => ({
      changes: [
        {
          phoneNumberId,
          statuses: [],
          errors: [],
          messages: [
            { from, profileName: 'Ana Souza', providerMessageId: id, sentAt: new Date(), content: inboundText(`oi ${id}`), newWaId: null },
          ],
        },
      ],
    });
    const record = c.get(RecordCloudApiEvents);
    // Four copies of each: the first of them race to create the contact and the conversation, then each message.
    const outcomes = await Promise.allSettled(ids.flatMap((id) => [1, 2, 3, 4].map(() => record.execute(delivery(id)))));
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    expect(failures).to.deep.equal([]);
    const results = outcomes.map((o) => (o as PromiseFulfilledResult<RecordCloudApiEventsResult>).value);
    expect(
      results.reduce((n, r) => n + r.messages, 0),
      'stored',
    ).to.equal(3);
    expect(
      results.reduce((n, r) => n + r.ignored, 0),
      'answered as already stored',
    ).to.equal(9);

    const t = { teamId: team.id };
    const contact = await c
      .get<ContactRepository>(WHATSAPP_TOKENS.ContactRepository)
      .findByPhoneKey(t, PhoneNumber.fromProvider(from).canonical);
    expect(contact).to.not.equal(null);
    const conversation = await c
      .get<ConversationRepository>(WHATSAPP_TOKENS.ConversationRepository)
      .findByInboxAndContact(t, inbox.id, contact!.id);
    expect(conversation).to.not.equal(null);
    const page = await c
      .get<MessageRepository>(WHATSAPP_TOKENS.MessageRepository)
      .listByConversation(t, conversation!.id, {}, { page: 1, limit: 20, sort: { field: 'created_at', descending: false } });
    expect(page.total).to.equal(3);
    expect(page.items.map((m) => m.providerMessageId).sort()).to.deep.equal(ids);
  });

  it('ends every message at its furthest status when its statuses are applied at the same moment', async () => {
    const c = env().container;
    const { team } = await c.get(CreateTeam).execute({ name: 'Concurrent statuses' });
    const t = { teamId: team.id };
    const phoneNumberId = `pn-st-${team.id}`;
    await c.get(CreateInbox).execute(t, { name: 'Cloud', channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG' });
    const record = c.get(RecordCloudApiEvents);
    const change = (over: object) => ({ changes: [{ phoneNumberId, messages: [], statuses: [], errors: [], ...over }] });
    const inbound = { from: '5511987654321', profileName: 'Ana', providerMessageId: 'wamid.IN', sentAt: new Date(), newWaId: null };
    await record.execute(change({ messages: [{ ...inbound, content: inboundText('oi') }] }));
    const messages = c.get<MessageRepository>(WHATSAPP_TOKENS.MessageRepository);
    const conversations = c.get<ConversationRepository>(WHATSAPP_TOKENS.ConversationRepository);
    const [conversation] = (await conversations.list(t, {}, { page: 1, limit: 1, sort: { field: 'created_at', descending: true } })).items;
    // Twenty messages sent and accepted, each then reported delivered and read by two deliveries at once.
    const ids = Array.from({ length: 20 }, (_, i) => `wamid.OUT${i}`);
    for (const id of ids) {
      const m = Message.outbound(randomUUID(), team.id, Conversation.restore(conversation), 'Olá', new Date());
      m.accept(id, new Date());
      await messages.insert(m.snapshot());
    }
    const status = (id: string, value: 'delivered' | 'read') =>
      record.execute(change({ statuses: [{ providerMessageId: id, status: value, error: null }] }));
    const outcomes = await Promise.allSettled(ids.flatMap((id) => [status(id, 'delivered'), status(id, 'read')]));
    expect(outcomes.filter((o) => o.status === 'rejected')).to.deep.equal([]);
    const ended = await Promise.all(ids.map(async (id) => (await messages.findByProviderMessageId(t, conversation.inboxId, id))?.status));
    expect(ended).to.deep.equal(ids.map(() => 'read'));
  });

  it("keeps the conversation's latest times when its customer's messages are stored at the same moment", async () => {
    const c = env().container;
    const { team } = await c.get(CreateTeam).execute({ name: 'Concurrent conversation' });
    const t = { teamId: team.id };
    const phoneNumberId = `pn-cv-${team.id}`;
    await c.get(CreateInbox).execute(t, { name: 'Cloud', channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG' });
    const record = c.get(RecordCloudApiEvents);
    const base = Date.now() - 60_000;
    const message = (i: number) => ({
      changes: [
        {
          phoneNumberId,
          statuses: [],
          errors: [],
          messages: [
            {
              from: '5511987654321',
              profileName: 'Ana',
              providerMessageId: `wamid.SEQ${i}`,
              sentAt: new Date(base + i * 1000),
              content: inboundText(`mensagem ${i}`),
              newWaId: null,
            },
          ],
        },
      ],
    });
    await record.execute(message(0));
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => record.execute(message(i + 1))));
    expect(outcomes.filter((o) => o.status === 'rejected')).to.deep.equal([]);
    const conversations = c.get<ConversationRepository>(WHATSAPP_TOKENS.ConversationRepository);
    const [conversation] = (await conversations.list(t, {}, { page: 1, limit: 1, sort: { field: 'created_at', descending: true } })).items;
    const latest = new Date(base + 20 * 1000).toISOString();
    expect(conversation).to.include({ lastInboundAt: latest, lastMessageAt: latest });
  });
});
