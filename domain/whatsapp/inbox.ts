import { Conflict, ValidationFailed } from '../shared/errors';
import { OutboundContent } from './outbound-content';
import { requireProviderBaseUrl } from './provider-url';

export const CHANNELS = ['cloud_api', 'evolution', 'sandbox'] as const;
export type Channel = (typeof CHANNELS)[number];

/** What the API needs to send through the inbox's provider. Never returned by the API. */
export type InboxCredentials =
  | { channel: 'cloud_api'; phoneNumberId: string; accessToken: string }
  | { channel: 'evolution'; baseUrl: string; instance: string; apiKey: string }
  | { channel: 'sandbox' };

/** Evolution's connection states of its WhatsApp session (`connection.update`). */
export const CONNECTION_STATES = ['open', 'connecting', 'close'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export const isConnectionState = (v: unknown): v is ConnectionState =>
  typeof v === 'string' && (CONNECTION_STATES as readonly string[]).includes(v);

export interface InboxData {
  id: string;
  teamId: string;
  name: string;
  channel: Channel;
  isActive: boolean;
  credentials: InboxCredentials;
  /** The provider's last reported connection state (Evolution); null until one is reported. */
  connectionState: ConnectionState | null;
  /** When the provider reported that state. */
  connectionStateAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Operator input: the flags of `inbox create`, unchecked. */
export interface InboxSetup {
  name: string;
  channel: string;
  phoneNumberId?: string;
  accessToken?: string;
  baseUrl?: string;
  instance?: string;
  apiKey?: string;
}

const required = (v: string | undefined, field: string): string => {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw new ValidationFailed(`${field} is required for this channel`, field);
  return s;
};

/** An operator-made connection to one WhatsApp number (the API never creates inboxes). */
export class Inbox {
  private constructor(private data: InboxData) {}

  static create(id: string, teamId: string, setup: InboxSetup, now: Date): Inbox {
    const name = typeof setup.name === 'string' ? setup.name.trim() : '';
    if (!name) throw new ValidationFailed('name must not be empty', 'name');
    const credentials = credentialsOf(setup);
    const at = now.toISOString();
    return new Inbox({
      id,
      teamId,
      name,
      channel: credentials.channel,
      isActive: true,
      credentials,
      connectionState: null,
      connectionStateAt: null,
      createdAt: at,
      updatedAt: at,
    });
  }

  static restore(data: InboxData): Inbox {
    return new Inbox({ ...data, credentials: { ...data.credentials } });
  }

  get id(): string {
    return this.data.id;
  }
  get teamId(): string {
    return this.data.teamId;
  }
  get channel(): Channel {
    return this.data.channel;
  }
  get isActive(): boolean {
    return this.data.isActive;
  }
  get credentials(): InboxCredentials {
    return { ...this.data.credentials };
  }

  snapshot(): InboxData {
    return { ...this.data, credentials: { ...this.data.credentials } };
  }

  /** An inactive inbox sends nothing. */
  assertActive(): void {
    if (!this.data.isActive) throw new Conflict('The inbox is inactive');
  }

  /**
   * The provider reported the session's state at `reportedAt`. Reports arrive out of order, so one older
   * than the state kept changes nothing. Returns the state it replaced (null when there was none), or
   * undefined when the report was too old to apply.
   */
  reportConnection(state: ConnectionState, reportedAt: Date, now: Date): { previous: ConnectionState | null } | undefined {
    const at = reportedAt.toISOString();
    if (this.data.connectionStateAt !== null && at < this.data.connectionStateAt) return undefined;
    const previous = this.data.connectionState;
    this.data.connectionState = state;
    this.data.connectionStateAt = at;
    this.data.updatedAt = now.toISOString();
    return { previous };
  }

  /** The Cloud API cannot start a conversation with free text; the others can. */
  get canOpenConversations(): boolean {
    return this.data.channel !== 'cloud_api';
  }

  /** Whether this content may start a conversation: on the Cloud API, only an approved template can. */
  canOpenWith(kind: OutboundContent['kind']): boolean {
    return kind === 'template' || this.canOpenConversations;
  }

  /** Approved templates are the Cloud API's: Evolution and the sandbox have none, so one sent there is 400 on `template`. */
  assertSends(kind: OutboundContent['kind']): void {
    if (kind === 'template' && this.data.channel !== 'cloud_api') {
      throw new ValidationFailed(`Approved templates go through Cloud API inboxes only; this inbox is ${this.data.channel}`, 'template');
    }
  }

  /**
   * The Cloud API takes media files of listed types and sizes only (`MEDIA_FILE_LIMITS`); an Evolution
   * gateway sends what WhatsApp Web sends (a WebP image, a larger file), and the sandbox anything.
   */
  get limitsMediaFiles(): boolean {
    return this.data.channel === 'cloud_api';
  }

  /** The Cloud API accepts free text only within 24 hours of the customer's last message. */
  get enforcesServiceWindow(): boolean {
    return this.data.channel === 'cloud_api';
  }
}

function credentialsOf(setup: InboxSetup): InboxCredentials {
  switch (setup.channel) {
    case 'cloud_api':
      return {
        channel: 'cloud_api',
        phoneNumberId: required(setup.phoneNumberId, 'phone_number_id'),
        accessToken: required(setup.accessToken, 'access_token'),
      };
    case 'evolution':
      return {
        channel: 'evolution',
        baseUrl: requireProviderBaseUrl(required(setup.baseUrl, 'base_url')),
        instance: required(setup.instance, 'instance'),
        apiKey: required(setup.apiKey, 'api_key'),
      };
    case 'sandbox':
      return { channel: 'sandbox' };
    default:
      throw new ValidationFailed(`channel must be one of ${CHANNELS.join(', ')}`, 'channel');
  }
}
