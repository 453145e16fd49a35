import { TeamContext } from '../shared/team';
import { MessageData } from './message';

export interface MessageRepository {
  findById(team: TeamContext, id: string): Promise<MessageData | null>;
  /** The message the provider knows by this id, in one inbox (ids are the provider's, unique per number). */
  findByProviderMessageId(team: TeamContext, inboxId: string, providerMessageId: string): Promise<MessageData | null>;
  insert(message: MessageData): Promise<void>;
  update(message: MessageData): Promise<void>;
}
