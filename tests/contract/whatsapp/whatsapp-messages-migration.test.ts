import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { KnexConversationRepository } from '../../../adapters/persistence/knex/whatsapp/knex-conversation-repository';
import { KnexMessageRepository } from '../../../adapters/persistence/knex/whatsapp/knex-message-repository';
import { Conversation } from '../../../domain/whatsapp/conversation';
import { Message } from '../../../domain/whatsapp/message';
import { forEachMigrationBackend } from '../../support/migration-harness';

forEachMigrationBackend('20261124000600_whatsapp_messages', (world) => {
  it('keeps the rows written before as text messages, and then takes messages of every type', async () => {
    const { knex } = world();
    await world().migrateToBefore();
    const teamId = randomUUID();
    const [inboxId, contactId, conversationId, messageId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const now = '2026-01-01T00:00:00.000Z';
    await knex('whatsapp_inboxes').insert({
      team_id: teamId,
      id: inboxId,
      name: 'Old',
      channel: 'sandbox',
      is_active: true,
      credentials: '{"channel":"sandbox"}',
      created_at: now,
      updated_at: now,
    });
    await knex('whatsapp_contacts').insert({
      team_id: teamId,
      id: contactId,
      phone: '5511987654321',
      phone_key: '5511987654321',
      jid: '5511987654321@s.whatsapp.net',
      tags: '[]',
      created_at: now,
      updated_at: now,
    });
    await knex('whatsapp_conversations').insert({
      team_id: teamId,
      id: conversationId,
      inbox_id: inboxId,
      contact_id: contactId,
      channel: 'sandbox',
      last_inbound_at: now,
      created_at: now,
      updated_at: now,
    });
    await knex('whatsapp_messages').insert({
      team_id: teamId,
      id: messageId,
      conversation_id: conversationId,
      inbox_id: inboxId,
      contact_id: contactId,
      direction: 'inbound',
      type: 'text',
      content: 'oi',
      status: 'received',
      provider_message_id: 'wamid.OLD',
      created_at: now,
      updated_at: now,
    });

    await world().migrateToLatest();

    const database = world().database();
    const messages = new KnexMessageRepository(database);
    const conversations = new KnexConversationRepository(database);
    const team = { teamId };
    expect(await messages.findById(team, messageId)).to.deep.include({
      type: 'text',
      content: 'oi',
      status: 'received',
      media: null,
      context: null,
      referral: null,
      raw: null,
      error: null,
    });
    const conversation = await conversations.findById(team, conversationId);
    expect(conversation).to.deep.include({ source: null, lastInboundAt: now });

    // `interactive` and `unsupported` did not fit the first schema's type column on PostgreSQL.
    const thread = Conversation.restore(conversation!);
    for (const type of ['interactive', 'unsupported']) {
      const m = Message.inbound(
        randomUUID(),
        teamId,
        thread,
        {
          type,
          text: null,
          media: null,
          context: null,
          referral: null,
          error: null,
          raw: { type },
        },
        `wamid.${type}`,
        new Date(now),
        new Date(now),
      ).snapshot();
      await messages.insert(m);
      expect(await messages.findById(team, m.id)).to.deep.equal(m);
    }
    expect(
      (await messages.listByConversation(team, conversationId, {}, { page: 1, limit: 10, sort: { field: 'created_at', descending: true } }))
        .total,
    ).to.equal(3);
  });
});
