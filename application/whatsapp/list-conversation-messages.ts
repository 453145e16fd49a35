import { NotFound } from '../../domain/shared/errors';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';
import { MessageData } from '../../domain/whatsapp/message';
import { MessageFilter, MessageRepository, MessageSortField } from '../../domain/whatsapp/message-repository';

export interface ListConversationMessagesCommand extends MessageFilter {
  conversationId: string;
  query: ListQuery<MessageSortField>;
}

/** Both directions of one conversation; an unknown or another team's conversation is 404. */
export class ListConversationMessages {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
  ) {}

  async execute(team: TeamContext, command: ListConversationMessagesCommand): Promise<Page<MessageData>> {
    const { conversationId, query, ...filter } = command;
    if (!(await this.conversations.findById(team, conversationId))) throw new NotFound('Conversation not found');
    return this.messages.listByConversation(team, conversationId, filter, query);
  }
}
