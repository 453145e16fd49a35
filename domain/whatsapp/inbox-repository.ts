import { KeysetPage, KeysetQuery } from '../shared/keyset';
import { TeamContext } from '../shared/team';
import { Channel, InboxData } from './inbox';

/** An inbox without its credentials: what a list shows, read without opening the sealed secrets. */
export interface InboxSummary {
  id: string;
  teamId: string;
  name: string;
  channel: Channel;
  isActive: boolean;
  /** The Cloud API number's id (not a secret: Meta sends it in every callback); null on other channels. */
  phoneNumberId: string | null;
  createdAt: string;
}

export interface InboxRepository {
  findById(team: TeamContext, id: string): Promise<InboxData | null>;
  /**
   * The Cloud API inbox of a WhatsApp phone number id, whatever its team: the public webhook learns
   * the team from the inbox, as a key-authenticated request learns it from the key.
   */
  findByPhoneNumberId(phoneNumberId: string): Promise<InboxData | null>;
  insert(inbox: InboxData): Promise<void>;
  /** The team's inboxes, newest first (created_at, then id), without their credentials. */
  listSummaries(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<InboxSummary>>;
}
