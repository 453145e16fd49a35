import { TeamContext } from '../shared/team';
import { InboxData } from './inbox';

export interface InboxRepository {
  findById(team: TeamContext, id: string): Promise<InboxData | null>;
  /**
   * The Cloud API inbox of a WhatsApp phone number id, whatever its team: the public webhook learns
   * the team from the inbox, as a key-authenticated request learns it from the key.
   */
  findByPhoneNumberId(phoneNumberId: string): Promise<InboxData | null>;
  insert(inbox: InboxData): Promise<void>;
}
