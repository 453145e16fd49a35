import { TeamContext } from '../shared/team';
import { ConversationData } from './conversation';

export interface ConversationRepository {
  findById(team: TeamContext, id: string): Promise<ConversationData | null>;
  /** One conversation per inbox and contact. */
  findByInboxAndContact(team: TeamContext, inboxId: string, contactId: string): Promise<ConversationData | null>;
  existsForContact(team: TeamContext, contactId: string): Promise<boolean>;
  insert(conversation: ConversationData): Promise<void>;
  update(conversation: ConversationData): Promise<void>;
}
