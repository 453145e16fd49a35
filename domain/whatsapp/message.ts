import { Redaction } from '../privacy/redaction';
import { ValidationFailed } from '../shared/errors';
import { OutboundContent, OutboundTemplate, readableText, requireText, typeOf } from './outbound-content';
import { MESSAGE_LENGTHS, cutToLength, fitsLength } from './provider-lengths';
import { Referral } from './referral';

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

/**
 * The provider's message type: `text`, `image`, `audio`, `video`, `document`, `sticker`, `location`,
 * `contacts`, `interactive`, `button`, `reaction`, `order`, `system`, `unsupported`… A type the API does
 * not know yet is kept as it came, so nothing a customer sends is lost. Outbound messages are `text`,
 * `template`, or the media type (`image`, `video`, `audio`, `document`).
 */
export type MessageType = string;

/**
 * An attached file: the provider's handle on a received one (not fetched), or the link a media message was
 * sent with. `url` is that link, or the provider's own link to a received file when it gives one.
 */
export interface MessageMedia {
  id: string | null;
  mimeType: string | null;
  sha256: string | null;
  filename: string | null;
  url: string | null;
}

/** An approved template as sent, in Meta's shape: its name, its language code and its parameters. */
export type MessageTemplate = OutboundTemplate;

/** When each delivery status was first reported; null when it never was (or was not recorded then). */
export interface StatusTimes {
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  failedAt: string | null;
}

const NO_TIMES: StatusTimes = { sentAt: null, deliveredAt: null, readAt: null, failedAt: null };
const TIME_OF: Record<DeliveryStatus, keyof StatusTimes> = {
  sent: 'sentAt',
  delivered: 'deliveredAt',
  read: 'readAt',
  failed: 'failedAt',
};

/** The message this one answers (or, for a reaction, the one it reacts to). */
export interface MessageContext {
  id: string | null;
  from: string | null;
}

/** What an inbound message carries, already read out of the provider's format. */
export interface InboundContent {
  type: MessageType;
  /** What a person reads; null when the message has nothing readable (a placeholder is used). */
  text: string | null;
  media: MessageMedia | null;
  context: MessageContext | null;
  referral: Referral | null;
  /** The provider's error on the message itself (an unsupported type). */
  error: ProviderError | null;
  /** The provider's message object as it came, for what the API does not model. */
  raw: Record<string, unknown> | null;
}

export interface MessageData {
  id: string;
  teamId: string;
  conversationId: string;
  inboxId: string;
  contactId: string;
  direction: MessageDirection;
  type: MessageType;
  /** The readable text: the body of a text, a caption, a reply's title, or a placeholder such as `[sticker]`. */
  content: string;
  status: MessageStatus;
  providerMessageId: string | null;
  error: ProviderError | null;
  media: MessageMedia | null;
  context: MessageContext | null;
  referral: Referral | null;
  /** The provider's object of a reported message; null on one sent through this API, and once dropped after its retention. */
  raw: Record<string, unknown> | null;
  /** The template an outbound template message was sent as; null otherwise. */
  template: MessageTemplate | null;
  statusTimes: StatusTimes;
  createdAt: string;
  updatedAt: string;
}

/** A part whose every field is empty is no part at all. */
const someSet = <T extends object>(part: T | null): T | null =>
  part !== null && Object.values(part).some((v) => v !== null && v !== undefined) ? part : null;

/** A plain text message, as the inbound content of a `text` type. */
export const inboundText = (body: string): InboundContent => ({
  type: 'text',
  text: body,
  media: null,
  context: null,
  referral: null,
  error: null,
  raw: null,
});

/**
 * Whether a message of this type is the customer writing, which opens the 24-hour window. A `system`
 * message is WhatsApp's own notice (the customer changed number), not the customer writing.
 */
export const opensServiceWindow = (type: MessageType): boolean => type !== 'system';

/** An inbound content made to fit what a message keeps, and the fields that had to change for it. */
export interface FittedContent {
  content: InboundContent;
  /** Text longer than kept, cut to its length: the type, the media's MIME type. */
  cut: string[];
  /** Identifiers longer than kept, left out (null): cut, they would name another message or file. */
  omitted: string[];
}

/**
 * The content as a message keeps it: the type trimmed (`unknown` when blank), and every value within the
 * length it is kept at (`MESSAGE_LENGTHS`). The raw object stays whole, so nothing the provider sent is lost.
 */
export function fitInboundContent(content: InboundContent): FittedContent {
  const L = MESSAGE_LENGTHS;
  const cut: string[] = [];
  const omitted: string[] = [];
  const text = (field: string, value: string, limit: number): string => {
    if (fitsLength(value, limit)) return value;
    cut.push(field);
    return cutToLength(value, limit);
  };
  const id = (field: string, value: string | null, limit: number): string | null => {
    if (value === null || fitsLength(value, limit)) return value;
    omitted.push(field);
    return null;
  };
  const { media, context } = content;
  return {
    content: {
      ...content,
      type: text('type', content.type.trim() || 'unknown', L.type),
      media: media && {
        ...media,
        id: id('media.id', media.id, L.mediaId),
        mimeType: media.mimeType === null ? null : text('media.mimeType', media.mimeType, L.mediaMimeType),
        sha256: id('media.sha256', media.sha256, L.mediaSha256),
      },
      context: context && { id: id('context.id', context.id, L.contextId), from: id('context.from', context.from, L.contextFrom) },
    },
    cut,
    omitted,
  };
}

export { MAX_TEXT_LENGTH } from './outbound-content';

/** What a person reads of a reported message: its text, or its type as a placeholder (`[sticker]`). */
const readableOf = (content: InboundContent): string =>
  content.text !== null && content.text.trim() !== '' ? content.text : `[${content.type.trim() || 'unknown'}]`;

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
    return requireText(content);
  }

  /** A text to send, recorded before the provider is called so that a crash never loses it. */
  static outbound(id: string, teamId: string, conversation: Thread, content: unknown, now: Date): Message {
    return Message.outgoing(id, teamId, conversation, { kind: 'text', text: requireText(content) }, now);
  }

  /**
   * A text, template or media link to send (checked by `outboundContent`), recorded before the provider is
   * called. Its `content` is what a person reads of it (`readableText`); a template and a media link are kept.
   */
  static outgoing(id: string, teamId: string, conversation: Thread, sent: OutboundContent, now: Date): Message {
    const at = now.toISOString();
    const media = sent.kind === 'media' ? sent.media : null;
    return new Message({
      id,
      teamId,
      conversationId: conversation.id,
      inboxId: conversation.inboxId,
      contactId: conversation.contactId,
      direction: 'outbound',
      type: typeOf(sent),
      content: readableText(sent),
      status: 'pending',
      providerMessageId: null,
      error: null,
      media: media && { id: null, mimeType: media.mimeType, sha256: null, filename: media.filename, url: media.url },
      context: null,
      referral: null,
      raw: null,
      template: sent.kind === 'template' ? structuredClone(sent.template) : null,
      statusTimes: { ...NO_TIMES },
      createdAt: at,
      updatedAt: at,
    });
  }

  /**
   * Whatever the customer sent, as the provider reported it: every type is kept, and every message has
   * a readable text, a placeholder naming the type when it carries none. Values longer than a message
   * keeps are fitted (`fitInboundContent`); a provider id that cannot be kept is refused.
   */
  static inbound(
    id: string,
    teamId: string,
    conversation: Thread,
    given: InboundContent,
    providerMessageId: string,
    sentAt: Date,
    now: Date,
  ): Message {
    if (!Message.keepsProviderMessageId(providerMessageId)) {
      throw new ValidationFailed(`provider message id may have at most ${MESSAGE_LENGTHS.providerMessageId} characters`, 'id');
    }
    const { content } = fitInboundContent(given);
    const type = content.type;
    const text = readableOf(content);
    return new Message({
      id,
      teamId,
      conversationId: conversation.id,
      inboxId: conversation.inboxId,
      contactId: conversation.contactId,
      direction: 'inbound',
      type,
      content: text,
      status: 'received',
      providerMessageId,
      error: content.error,
      media: someSet(content.media),
      context: someSet(content.context),
      referral: someSet(content.referral),
      raw: content.raw,
      template: null,
      statusTimes: { ...NO_TIMES },
      createdAt: sentAt.toISOString(),
      updatedAt: now.toISOString(),
    }).copy();
  }

  /**
   * A message the business sent without this API (from the phone, or another client of the same number),
   * as the provider echoed it back: kept like an inbound one, but outbound and already `sent`.
   */
  static sentElsewhere(...reported: Parameters<typeof Message.inbound>): Message {
    const message = Message.inbound(...reported);
    message.data.direction = 'outbound';
    message.data.status = 'sent';
    message.data.statusTimes.sentAt = message.data.createdAt;
    return message;
  }

  /**
   * Whether the provider's id of a message can be kept. One that cannot is never cut: redeliveries and
   * delivery statuses find the message by it, and a cut id could name another message.
   */
  static keepsProviderMessageId(providerMessageId: string): boolean {
    return fitsLength(providerMessageId, MESSAGE_LENGTHS.providerMessageId);
  }

  static restore(data: MessageData): Message {
    return new Message(data).copy();
  }

  get id(): string {
    return this.data.id;
  }
  get status(): MessageStatus {
    return this.data.status;
  }

  snapshot(): MessageData {
    return this.copy().data;
  }

  /** Nested values are copied so that no caller shares them with the entity. */
  private copy(): Message {
    const d = this.data;
    return new Message({
      ...d,
      error: d.error ? { ...d.error } : null,
      media: d.media ? { ...d.media } : null,
      context: d.context ? { ...d.context } : null,
      referral: d.referral ? { ...d.referral } : null,
      raw: d.raw ? structuredClone(d.raw) : null,
      template: d.template ? structuredClone(d.template) : null,
      statusTimes: { ...d.statusTimes },
    });
  }

  /**
   * A personal data erasure of the person in the conversation: the readable text becomes the erasure's marker,
   * the media keep only their type (no id, link, file name or hash), the sender of the message replied to, the
   * raw provider object, the ad click id and the template's parameters go. Direction, type, status and times stay.
   */
  anonymise(redaction: Redaction, now: Date): MessageData {
    const d = this.data;
    d.content = redaction.marker;
    d.media = d.media && someSet({ id: null, mimeType: d.media.mimeType, sha256: null, filename: null, url: null });
    d.context = d.context && someSet({ id: d.context.id, from: null });
    d.referral = d.referral && { ...d.referral, ctwaClid: null };
    d.raw = null;
    d.template = d.template && { name: d.template.name, language: d.template.language, components: [] };
    d.error = d.error && {
      code: d.error.code,
      title: redaction.optionalText(d.error.title),
      detail: redaction.optionalText(d.error.detail),
    };
    d.updatedAt = now.toISOString();
    return this.snapshot();
  }

  /** The provider took the message and named it. False when it was already settled. */
  accept(providerMessageId: string, now: Date): boolean {
    if (this.data.status !== 'pending') return false;
    this.data.providerMessageId = providerMessageId;
    this.reach('sent', now);
    return true;
  }

  /** The provider refused the message, or could not be reached. False when it was already settled. */
  fail(error: ProviderError, now: Date): boolean {
    if (this.data.status !== 'pending') return false;
    this.data.error = { ...error };
    this.reach('failed', now);
    return true;
  }

  /**
   * Whether a message the provider reports as sent by the business could be this one, still waiting for
   * the provider's answer: a gateway such as Evolution may echo a send to its webhook before it answers
   * the send itself. The same type and readable text, and no provider id yet.
   */
  awaitsEchoOf(content: InboundContent): boolean {
    const d = this.data;
    return d.direction === 'outbound' && d.status === 'pending' && d.type === content.type.trim() && d.content === readableOf(content);
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
      this.data.error = error ? { ...error } : { code: null, title: null, detail: null };
    } else if (PROGRESS[status] <= current) return false;
    this.reach(status, now);
    return true;
  }

  /** The message is now in this status, first reported now. */
  private reach(status: DeliveryStatus, now: Date): void {
    const at = now.toISOString();
    this.data.status = status;
    this.data.statusTimes = { ...this.data.statusTimes, [TIME_OF[status]]: at };
    this.data.updatedAt = at;
  }
}
