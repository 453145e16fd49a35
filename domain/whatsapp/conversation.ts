import { Conflict } from '../shared/errors';
import { Channel } from './inbox';
import { OutboundContent } from './outbound-content';
import { Referral } from './referral';

/** Meta's customer service window: free text is allowed for 24 hours after the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ConversationData {
  id: string;
  teamId: string;
  inboxId: string;
  contactId: string;
  channel: Channel;
  /** When the customer last wrote: it opens the service window. */
  lastInboundAt: string | null;
  lastMessageAt: string | null;
  /** The Click-to-WhatsApp ad that brought the customer: the first referral seen, kept for good. */
  source: Referral | null;
  createdAt: string;
  updatedAt: string;
}

export class WindowClosed extends Conflict {
  constructor() {
    super(
      'The 24-hour customer service window is closed: the customer has not written in the last 24 hours',
      'customer_service_window_closed',
    );
  }
}

/** The thread between one inbox and one contact. */
export class Conversation {
  private constructor(private data: ConversationData) {}

  static open(id: string, teamId: string, inbox: { id: string; channel: Channel }, contactId: string, now: Date): Conversation {
    const at = now.toISOString();
    return new Conversation({
      id,
      teamId,
      inboxId: inbox.id,
      contactId,
      channel: inbox.channel,
      lastInboundAt: null,
      lastMessageAt: null,
      source: null,
      createdAt: at,
      updatedAt: at,
    });
  }

  static restore(data: ConversationData): Conversation {
    return new Conversation({ ...data, source: data.source ? { ...data.source } : null });
  }

  get id(): string {
    return this.data.id;
  }
  get inboxId(): string {
    return this.data.inboxId;
  }
  get contactId(): string {
    return this.data.contactId;
  }

  snapshot(): ConversationData {
    return { ...this.data, source: this.data.source ? { ...this.data.source } : null };
  }

  /** A customer message, possibly reported late or out of order: the window follows the newest one. */
  receiveInbound(sentAt: Date, now: Date): void {
    const at = sentAt.toISOString();
    if (this.data.lastInboundAt === null || at > this.data.lastInboundAt) this.data.lastInboundAt = at;
    if (this.data.lastMessageAt === null || at > this.data.lastMessageAt) this.data.lastMessageAt = at;
    this.data.updatedAt = now.toISOString();
  }

  /** A message that is not the customer writing (a system notice): it is the latest activity, the window stays as it is. */
  receiveNotice(sentAt: Date, now: Date): void {
    const at = sentAt.toISOString();
    if (this.data.lastMessageAt === null || at > this.data.lastMessageAt) this.data.lastMessageAt = at;
    this.data.updatedAt = now.toISOString();
  }

  /**
   * The ad a message came from. The first one wins: it is how the customer found the business, and a
   * later click on another ad stays visible on its own message. Returns whether the source was set.
   */
  noteReferral(referral: Referral | null, now: Date): boolean {
    if (referral === null || this.data.source !== null) return false;
    this.data.source = { ...referral };
    this.data.updatedAt = now.toISOString();
    return true;
  }

  /** A personal data erasure: the ad the customer came from stays the business's, without their click id. */
  anonymise(now: Date): ConversationData {
    if (this.data.source) this.data.source = { ...this.data.source, ctwaClid: null };
    this.data.updatedAt = now.toISOString();
    return this.snapshot();
  }

  isWindowOpen(now: Date): boolean {
    if (this.data.lastInboundAt === null) return false;
    return now.getTime() - Date.parse(this.data.lastInboundAt) < SERVICE_WINDOW_MS;
  }

  /** Free text may go out now on this conversation's channel, or WindowClosed (409). */
  allowFreeText(now: Date): void {
    if (this.data.channel === 'cloud_api' && !this.isWindowOpen(now)) throw new WindowClosed();
  }

  /**
   * This content may go out now: an approved template at any time (it is how a business writes first, or
   * again after the window closed); text and media only as free text may (`allowFreeText`).
   */
  allowOutbound(kind: OutboundContent['kind'], now: Date): void {
    if (kind !== 'template') this.allowFreeText(now);
  }

  recordOutbound(now: Date): void {
    const at = now.toISOString();
    this.data.lastMessageAt = at;
    this.data.updatedAt = at;
  }
}
