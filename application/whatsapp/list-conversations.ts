import { NotFound } from '../../domain/shared/errors';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { ConversationData } from '../../domain/whatsapp/conversation';
import { ConversationFilter, ConversationRepository, ConversationSortField } from '../../domain/whatsapp/conversation-repository';
import { InboxRepository } from '../../domain/whatsapp/inbox-repository';

/** The query of GET /whatsapp/conversations, ids and the timestamp already checked at the edge. */
export interface ListConversationsCommand extends ConversationFilter {
  query: ListQuery<ConversationSortField>;
}

export class ListConversations {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly inboxes: InboxRepository,
    private readonly contacts: ContactRepository,
  ) {}

  /** A filter naming an inbox or contact the team does not have is a 404 on that field, like any referenced id. */
  async execute(team: TeamContext, command: ListConversationsCommand): Promise<Page<ConversationData>> {
    const { query, ...filter } = command;
    const { inboxId, contactId } = filter;
    if (inboxId !== undefined && !(await this.inboxes.findById(team, inboxId))) throw new NotFound('Inbox not found', 'inbox_id');
    if (contactId !== undefined && !(await this.contacts.findById(team, contactId))) throw new NotFound('Contact not found', 'contact_id');
    return this.conversations.list(team, filter, query);
  }
}
