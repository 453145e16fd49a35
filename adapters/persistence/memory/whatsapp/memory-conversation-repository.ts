import { Duplicate } from '../../../../domain/shared/errors';
import { TeamContext } from '../../../../domain/shared/team';
import { ConversationData } from '../../../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../../../domain/whatsapp/conversation-repository';
import { MemoryStore } from '../shared/memory-store';

export class MemoryConversationRepository implements ConversationRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() { return this.store.table<ConversationData>('whatsapp_conversations'); }

  async findById(team: TeamContext, id: string): Promise<ConversationData | null> {
    const c = this.rows.get(id);
    return c && c.teamId === team.teamId ? c : null;
  }

  async findByInboxAndContact(team: TeamContext, inboxId: string, contactId: string): Promise<ConversationData | null> {
    return this.rows.find((c) => c.teamId === team.teamId && c.inboxId === inboxId && c.contactId === contactId) ?? null;
  }

  async existsForContact(team: TeamContext, contactId: string): Promise<boolean> {
    return this.rows.find((c) => c.teamId === team.teamId && c.contactId === contactId) !== undefined;
  }

  async insert(conversation: ConversationData): Promise<void> {
    const { teamId, inboxId, contactId } = conversation;
    if (this.rows.find((c) => c.teamId === teamId && c.inboxId === inboxId && c.contactId === contactId)) {
      throw new Duplicate('The conversation already exists');
    }
    this.rows.set(conversation.id, conversation);
  }

  async update(conversation: ConversationData): Promise<void> {
    this.rows.set(conversation.id, conversation);
  }
}
