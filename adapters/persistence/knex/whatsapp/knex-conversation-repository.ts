import { Duplicate } from '../../../../domain/shared/errors';
import { TeamContext } from '../../../../domain/shared/team';
import { ConversationData } from '../../../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../../../domain/whatsapp/conversation-repository';
import { KnexDatabase } from '../shared/knex-database';
import { isUniqueViolation, toIso, toIsoOrNull } from '../shared/rows';

type Row = Record<string, unknown>;
const TABLE = 'whatsapp_conversations';

const toRow = (c: ConversationData): Row => ({
  team_id: c.teamId, id: c.id, inbox_id: c.inboxId, contact_id: c.contactId, channel: c.channel,
  last_inbound_at: c.lastInboundAt, last_message_at: c.lastMessageAt, created_at: c.createdAt, updated_at: c.updatedAt,
});

const fromRow = (r: Row): ConversationData => ({
  id: r.id as string, teamId: r.team_id as string, inboxId: r.inbox_id as string, contactId: r.contact_id as string,
  channel: r.channel as ConversationData['channel'], lastInboundAt: toIsoOrNull(r.last_inbound_at), lastMessageAt: toIsoOrNull(r.last_message_at),
  createdAt: toIso(r.created_at), updatedAt: toIso(r.updated_at),
});

export class KnexConversationRepository implements ConversationRepository {
  constructor(private readonly database: KnexDatabase) {}

  async findById(team: TeamContext, id: string): Promise<ConversationData | null> {
    const row = await this.database.db(TABLE).where({ team_id: team.teamId, id }).first();
    return row ? fromRow(row) : null;
  }

  async findByInboxAndContact(team: TeamContext, inboxId: string, contactId: string): Promise<ConversationData | null> {
    const row = await this.database.db(TABLE).where({ team_id: team.teamId, inbox_id: inboxId, contact_id: contactId }).first();
    return row ? fromRow(row) : null;
  }

  async existsForContact(team: TeamContext, contactId: string): Promise<boolean> {
    const row = await this.database.db(TABLE).where({ team_id: team.teamId, contact_id: contactId }).first('id');
    return row !== undefined;
  }

  async insert(conversation: ConversationData): Promise<void> {
    try {
      await this.database.db(TABLE).insert(toRow(conversation));
    } catch (err) {
      if (isUniqueViolation(err)) throw new Duplicate('The conversation already exists');
      throw err;
    }
  }

  async update(conversation: ConversationData): Promise<void> {
    await this.database.db(TABLE).where({ team_id: conversation.teamId, id: conversation.id }).update(toRow(conversation));
  }
}
