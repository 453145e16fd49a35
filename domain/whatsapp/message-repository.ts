import { ListQuery, Page, UpdatedSince } from '../shared/list';
import { RecordLocks } from '../shared/record-locks';
import { TeamContext } from '../shared/team';
import { MessageData } from './message';

/** A message's `created_at` is when it was sent (the provider's timestamp for inbound ones). */
export const MESSAGE_SORT_FIELDS = ['created_at'] as const;
export type MessageSortField = (typeof MESSAGE_SORT_FIELDS)[number];

/** The filters of a conversation's messages. */
export type MessageFilter = UpdatedSince;

/** Statuses, echoes and a send's settlement change one message side by side: each holds it (`lock`) first. */
export interface MessageRepository extends RecordLocks {
  /** The messages of one conversation. */
  listByConversation(
    team: TeamContext,
    conversationId: string,
    filter: MessageFilter,
    query: ListQuery<MessageSortField>,
  ): Promise<Page<MessageData>>;
  /** The messages of these conversations, oldest first (`created_at`, then id), at most `limit`. */
  listByConversations(team: TeamContext, conversationIds: readonly string[], limit: number): Promise<MessageData[]>;
  findById(team: TeamContext, id: string): Promise<MessageData | null>;
  /** The message the provider knows by this id, in one inbox (ids are the provider's, unique per number). */
  findByProviderMessageId(team: TeamContext, inboxId: string, providerMessageId: string): Promise<MessageData | null>;
  insert(message: MessageData): Promise<void>;
  update(message: MessageData): Promise<void>;
}
