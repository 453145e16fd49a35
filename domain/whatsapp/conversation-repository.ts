import { FieldFilters, ListQuery, Page, UpdatedSince } from '../shared/list';
import { RecordLocks } from '../shared/record-locks';
import { TeamContext } from '../shared/team';
import { ConversationData } from './conversation';

export const CONVERSATION_SORT_FIELDS = ['created_at', 'updated_at', 'last_message_at', 'last_inbound_at'] as const;
export type ConversationSortField = (typeof CONVERSATION_SORT_FIELDS)[number];

export interface ConversationFilter extends UpdatedSince {
  inboxId?: string;
  contactId?: string;
}

/** The conversation filters that hold one field to a value; `updatedSince` is read apart. */
export const CONVERSATION_FIELD_FILTERS: FieldFilters<ConversationFilter, ConversationData> = {
  inboxId: 'inboxId',
  contactId: 'contactId',
};

/** A message stored, received or sent moves its conversation's times: each holds it (`lock`) first. */
export interface ConversationRepository extends RecordLocks {
  list(team: TeamContext, filter: ConversationFilter, query: ListQuery<ConversationSortField>): Promise<Page<ConversationData>>;
  findById(team: TeamContext, id: string): Promise<ConversationData | null>;
  /** One conversation per inbox and contact. */
  findByInboxAndContact(team: TeamContext, inboxId: string, contactId: string): Promise<ConversationData | null>;
  /** The conversations of these contacts in every inbox, oldest first, at most `limit`. */
  listByContacts(team: TeamContext, contactIds: readonly string[], limit: number): Promise<ConversationData[]>;
  existsForContact(team: TeamContext, contactId: string): Promise<boolean>;
  insert(conversation: ConversationData): Promise<void>;
  update(conversation: ConversationData): Promise<void>;
}
