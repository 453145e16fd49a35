import { Duplicate } from '../../../../domain/shared/errors';
import { TeamContext } from '../../../../domain/shared/team';
import { MessageData, ProviderError } from '../../../../domain/whatsapp/message';
import { MessageRepository } from '../../../../domain/whatsapp/message-repository';
import { KnexDatabase } from '../shared/knex-database';
import { fromJson, isUniqueViolation, toIso, toJson } from '../shared/rows';

type Row = Record<string, unknown>;
const TABLE = 'whatsapp_messages';

const toRow = (m: MessageData): Row => ({
  team_id: m.teamId, id: m.id, conversation_id: m.conversationId, inbox_id: m.inboxId, contact_id: m.contactId,
  direction: m.direction, type: m.type, content: m.content, status: m.status, provider_message_id: m.providerMessageId,
  error: toJson(m.error), created_at: m.createdAt, updated_at: m.updatedAt,
});

const fromRow = (r: Row): MessageData => ({
  id: r.id as string, teamId: r.team_id as string, conversationId: r.conversation_id as string, inboxId: r.inbox_id as string,
  contactId: r.contact_id as string, direction: r.direction as MessageData['direction'], type: 'text', content: r.content as string,
  status: r.status as MessageData['status'], providerMessageId: (r.provider_message_id as string | null) ?? null,
  error: fromJson<ProviderError | null>(r.error, null), createdAt: toIso(r.created_at), updatedAt: toIso(r.updated_at),
});

export class KnexMessageRepository implements MessageRepository {
  constructor(private readonly database: KnexDatabase) {}

  async findById(team: TeamContext, id: string): Promise<MessageData | null> {
    const row = await this.database.db(TABLE).where({ team_id: team.teamId, id }).first();
    return row ? fromRow(row) : null;
  }

  async findByProviderMessageId(team: TeamContext, inboxId: string, providerMessageId: string): Promise<MessageData | null> {
    const row = await this.database.db(TABLE).where({ team_id: team.teamId, inbox_id: inboxId, provider_message_id: providerMessageId }).first();
    return row ? fromRow(row) : null;
  }

  async insert(message: MessageData): Promise<void> {
    await this.write(() => this.database.db(TABLE).insert(toRow(message)));
  }

  async update(message: MessageData): Promise<void> {
    await this.write(() => this.database.db(TABLE).where({ team_id: message.teamId, id: message.id }).update(toRow(message)));
  }

  private async write(op: () => Promise<unknown>): Promise<void> {
    try {
      await op();
    } catch (err) {
      if (isUniqueViolation(err)) throw new Duplicate('A message with this provider id already exists');
      throw err;
    }
  }
}
