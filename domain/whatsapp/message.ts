import { ValidationFailed } from '../shared/errors';

export type MessageDirection = 'outbound' | 'inbound';
/**
 * Outbound: `pending` (recorded, provider not answered yet) → `sent` (provider accepted) → `delivered`
 * → `read`, or `failed`. Inbound messages are `received`.
 */
export type MessageStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'failed' | 'received';
export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** The provider's own account of a failure, kept as it came. */
export interface ProviderError {
  code: string | null;
  title: string | null;
  detail: string | null;
}

export interface MessageData {
  id: string;
  teamId: string;
  conversationId: string;
  inboxId: string;
  contactId: string;
  direction: MessageDirection;
  type: 'text';
  content: string;
  status: MessageStatus;
  providerMessageId: string | null;
  error: ProviderError | null;
  createdAt: string;
  updatedAt: string;
}

/** Meta's limit on a text body. */
export const MAX_TEXT_LENGTH = 4096;

const PROGRESS: Record<Exclude<MessageStatus, 'failed' | 'received'>, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

interface Thread {
  id: string;
  inboxId: string;
  contactId: string;
}

export class Message {
  private constructor(private data: MessageData) {}

  /** Text WhatsApp will carry: not blank, within Meta's limit. */
  static requireText(content: unknown): string {
    if (typeof content !== 'string' || content.trim() === '') throw new ValidationFailed('content is required', 'content');
    if (content.length > MAX_TEXT_LENGTH) throw new ValidationFailed(`content may have at most ${MAX_TEXT_LENGTH} characters`, 'content');
    return content;
  }

  /** A text to send, recorded before the provider is called so that a crash never loses it. */
  static outbound(id: string, teamId: string, conversation: Thread, content: unknown, now: Date): Message {
    const text = Message.requireText(content);
    const at = now.toISOString();
    return new Message({
      id, teamId, conversationId: conversation.id, inboxId: conversation.inboxId, contactId: conversation.contactId,
      direction: 'outbound', type: 'text', content: text, status: 'pending', providerMessageId: null, error: null, createdAt: at, updatedAt: at,
    });
  }

  /** A text the customer sent, as the provider reported it. */
  static inbound(id: string, teamId: string, conversation: Thread, content: string, providerMessageId: string, sentAt: Date, now: Date): Message {
    return new Message({
      id, teamId, conversationId: conversation.id, inboxId: conversation.inboxId, contactId: conversation.contactId,
      direction: 'inbound', type: 'text', content, status: 'received', providerMessageId, error: null,
      createdAt: sentAt.toISOString(), updatedAt: now.toISOString(),
    });
  }

  static restore(data: MessageData): Message {
    return new Message({ ...data, error: data.error ? { ...data.error } : null });
  }

  get id(): string { return this.data.id; }
  get status(): MessageStatus { return this.data.status; }

  snapshot(): MessageData {
    return { ...this.data, error: this.data.error ? { ...this.data.error } : null };
  }

  /** The provider took the message and named it. */
  accept(providerMessageId: string, now: Date): void {
    if (this.data.status !== 'pending') return;
    this.data.providerMessageId = providerMessageId;
    this.data.status = 'sent';
    this.data.updatedAt = now.toISOString();
  }

  /** The provider refused the message, or could not be reached. */
  fail(error: ProviderError, now: Date): void {
    if (this.data.status !== 'pending') return;
    this.data.status = 'failed';
    this.data.error = { ...error };
    this.data.updatedAt = now.toISOString();
  }

  /**
   * A delivery status reported later. Statuses arrive out of order, so sent → delivered → read never
   * goes backwards; `failed` is final and keeps the provider's error, and a message already delivered
   * or read is not turned into a failure. Returns whether anything changed.
   */
  applyDeliveryStatus(status: DeliveryStatus, error: ProviderError | null, now: Date): boolean {
    if (this.data.direction !== 'outbound' || this.data.status === 'failed') return false;
    const current = PROGRESS[this.data.status as keyof typeof PROGRESS];
    if (status === 'failed') {
      if (current >= PROGRESS.delivered) return false;
      this.data.status = 'failed';
      this.data.error = error ? { ...error } : { code: null, title: null, detail: null };
    } else {
      if (PROGRESS[status] <= current) return false;
      this.data.status = status;
    }
    this.data.updatedAt = now.toISOString();
    return true;
  }
}
