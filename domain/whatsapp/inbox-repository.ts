import { KeysetPage, KeysetQuery } from '../shared/keyset';
import { ListQuery, Page, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { Channel, ConnectionState, InboxData } from './inbox';

/** An inbox without its credentials: what a list shows, read without opening the sealed secrets. */
export interface InboxSummary {
  id: string;
  teamId: string;
  name: string;
  channel: Channel;
  isActive: boolean;
  /** The Cloud API number's id (not a secret: Meta sends it in every callback); null on other channels. */
  phoneNumberId: string | null;
  /** The provider's last reported connection state (Evolution), and when it was reported. */
  connectionState: ConnectionState | null;
  connectionStateAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const INBOX_SORT_FIELDS = ['name', 'channel', 'created_at', 'updated_at'] as const;
export type InboxSortField = (typeof INBOX_SORT_FIELDS)[number];

/** The filters of GET /whatsapp/inboxes. */
export type InboxFilter = UpdatedSince;

/** What resealing every inbox's credentials under the current key found (`workspace-admin secrets reseal`). */
export interface CredentialsReseal {
  /** Sealed with a previous key: sealed again with the current one. */
  resealed: number;
  /** Already sealed with the current key: left as they were. */
  alreadyCurrent: number;
  /** Stored in clear (written before credentials were sealed): sealed now. */
  plaintextSealed: number;
  /** Holding no secret (the sandbox): kept in clear, as a new one is. */
  withoutSecret: number;
  /** The inboxes whose credentials no configured key opens: left as they were. */
  unreadable: string[];
}

export interface InboxRepository {
  findById(team: TeamContext, id: string): Promise<InboxData | null>;
  /**
   * The Cloud API inbox of a WhatsApp phone number id, whatever its team: the public webhook learns
   * the team from the inbox, as a key-authenticated request learns it from the key.
   */
  findByPhoneNumberId(phoneNumberId: string): Promise<InboxData | null>;
  /**
   * An inbox by its id, whatever its team: a provider's webhook names its inbox in the URL and the team
   * comes from the inbox, as a key-authenticated request's comes from the key.
   */
  findByIdAcrossTeams(id: string): Promise<InboxData | null>;
  insert(inbox: InboxData): Promise<void>;
  /**
   * Active inboxes, across teams, whose provider last reported its session as not open (`connecting`,
   * `close`): numbers that neither send nor receive now. Inboxes never reported are not counted.
   */
  countDisconnected(): Promise<number>;
  /**
   * Writes the inbox's connection state, the time it was reported and `updatedAt`, nothing else, unless the
   * inbox holds a report newer than this one (written meanwhile by a concurrent delivery). Returns whether it wrote.
   */
  updateConnection(team: TeamContext, inbox: InboxData): Promise<boolean>;
  /** The team's inboxes, newest first (created_at, then id), without their credentials. */
  listSummaries(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<InboxSummary>>;
  /**
   * The team's inboxes, a page at a time, without their credentials (GET /whatsapp/inboxes). Order rule of
   * every list: text case-insensitively, ties broken by id in the same direction.
   */
  list(team: TeamContext, filter: InboxFilter, query: ListQuery<InboxSortField>): Promise<Page<InboxSummary>>;
  /**
   * Seals every inbox's credentials, whatever its team, with the current key: those a previous key sealed
   * and those stored in clear; what the current key sealed is left untouched, so it can run again.
   */
  resealCredentials(): Promise<CredentialsReseal>;
}
