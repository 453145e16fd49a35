import { Duplicate } from '../../../../domain/shared/errors';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { MessageData } from '../../../../domain/whatsapp/message';
import { MessageFilter, MessageRepository, MessageSortField } from '../../../../domain/whatsapp/message-repository';
import { MemoryStore } from '../shared/memory-store';
import { oldestFirst, pageOf } from '../shared/paging';

export class MemoryMessageRepository implements MessageRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<MessageData>('whatsapp_messages');
  }

  async listByConversation(
    team: TeamContext,
    conversationId: string,
    filter: MessageFilter,
    query: ListQuery<MessageSortField>,
  ): Promise<Page<MessageData>> {
    const rows = this.rows.filter(
      (m) =>
        m.teamId === team.teamId &&
        m.conversationId === conversationId &&
        (filter.updatedSince === undefined || m.updatedAt >= filter.updatedSince),
    );
    return pageOf(rows, query, (m) => m.createdAt);
  }

  async listByConversations(team: TeamContext, conversationIds: readonly string[], limit: number): Promise<MessageData[]> {
    return oldestFirst(
      this.rows.filter((m) => m.teamId === team.teamId && conversationIds.includes(m.conversationId)),
      (m) => m.createdAt,
      limit,
    );
  }

  async findById(team: TeamContext, id: string): Promise<MessageData | null> {
    const m = this.rows.get(id);
    return m && m.teamId === team.teamId ? m : null;
  }

  async findByProviderMessageId(team: TeamContext, inboxId: string, providerMessageId: string): Promise<MessageData | null> {
    return this.rows.find((m) => m.teamId === team.teamId && m.inboxId === inboxId && m.providerMessageId === providerMessageId) ?? null;
  }

  /** One JavaScript thread runs one unit of work's steps at a time: there is nothing to hold. */
  async lock(): Promise<void> {}

  async insert(message: MessageData): Promise<void> {
    this.assertUnique(message);
    this.rows.set(message.id, message);
  }

  async update(message: MessageData): Promise<void> {
    this.assertUnique(message);
    this.rows.set(message.id, message);
  }

  private assertUnique(message: MessageData): void {
    if (message.providerMessageId === null) return;
    const other = this.rows.find(
      (m) =>
        m.id !== message.id &&
        m.teamId === message.teamId &&
        m.inboxId === message.inboxId &&
        m.providerMessageId === message.providerMessageId,
    );
    if (other) throw new Duplicate('A message with this provider id already exists');
  }
}
