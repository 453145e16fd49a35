import { Duplicate } from '../../../../domain/shared/errors';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { ConversationData } from '../../../../domain/whatsapp/conversation';
import {
  CONVERSATION_FIELD_FILTERS,
  ConversationFilter,
  ConversationRepository,
  ConversationSortField,
} from '../../../../domain/whatsapp/conversation-repository';
import { MemoryStore } from '../shared/memory-store';
import { matchesFields, oldestFirst, pageOf } from '../shared/paging';

const sortValue = (c: ConversationData, field: string) =>
  field === 'updated_at'
    ? c.updatedAt
    : field === 'last_message_at'
      ? c.lastMessageAt
      : field === 'last_inbound_at'
        ? c.lastInboundAt
        : c.createdAt;

export class MemoryConversationRepository implements ConversationRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<ConversationData>('whatsapp_conversations');
  }

  async list(team: TeamContext, filter: ConversationFilter, query: ListQuery<ConversationSortField>): Promise<Page<ConversationData>> {
    const rows = this.rows.filter(
      (c) =>
        c.teamId === team.teamId &&
        matchesFields(c, filter, CONVERSATION_FIELD_FILTERS) &&
        // Both are ISO strings in UTC with milliseconds, so text order is time order.
        (filter.updatedSince === undefined || c.updatedAt >= filter.updatedSince),
    );
    return pageOf(rows, query, sortValue);
  }

  async findById(team: TeamContext, id: string): Promise<ConversationData | null> {
    const c = this.rows.get(id);
    return c && c.teamId === team.teamId ? c : null;
  }

  async findByInboxAndContact(team: TeamContext, inboxId: string, contactId: string): Promise<ConversationData | null> {
    return this.rows.find((c) => c.teamId === team.teamId && c.inboxId === inboxId && c.contactId === contactId) ?? null;
  }

  async listByContacts(team: TeamContext, contactIds: readonly string[], limit: number): Promise<ConversationData[]> {
    return oldestFirst(
      this.rows.filter((c) => c.teamId === team.teamId && contactIds.includes(c.contactId)),
      (c) => c.createdAt,
      limit,
    );
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

  /** One JavaScript thread runs one unit of work's steps at a time: there is nothing to hold. */
  async lock(): Promise<void> {}

  async update(conversation: ConversationData): Promise<void> {
    this.rows.set(conversation.id, conversation);
  }
}
