import { DeletedContact } from '../../../application/whatsapp/delete-contact';
import { RecordCloudApiEventsResult } from '../../../application/whatsapp/record-cloud-api-events';
import { RecordEvolutionEventsResult } from '../../../application/whatsapp/record-evolution-events';
import { ContactData } from '../../../domain/whatsapp/contact';
import { ConversationData } from '../../../domain/whatsapp/conversation';
import { CHANNELS, CONNECTION_STATES, InboxData } from '../../../domain/whatsapp/inbox';
import { InboxSummary } from '../../../domain/whatsapp/inbox-repository';
import { MessageData, ProviderError } from '../../../domain/whatsapp/message';
import { Referral } from '../../../domain/whatsapp/referral';
import { exactObject, nullable, R } from '../shared/documented';
import { Schema } from '../shared/operation';

/** The contact record of docs/decisions.md; the phone key and team stay inside. */
export const presentContact = (c: ContactData) => ({
  id: c.id,
  phone: c.phone,
  jid: c.jid,
  push_name: c.pushName,
  custom_name: c.customName,
  notes: c.notes,
  tags: [...c.tags],
  client_id: c.clientId,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

/** DELETE /whatsapp/contacts/:id: which contact is gone. */
export const presentDeletedContact = (d: DeletedContact) => ({ id: d.id, deleted: d.deleted });

/** Where a message belongs and what it is: the first fields of both message shapes. */
const messageHeading = (m: MessageData) => ({
  id: m.id,
  conversation_id: m.conversationId,
  inbox_id: m.inboxId,
  contact_id: m.contactId,
  direction: m.direction,
  type: m.type,
});

/** The message record of docs/decisions.md, as POST /whatsapp/messages answers it. */
export const presentMessage = (m: MessageData) => ({
  ...messageHeading(m),
  content: m.content,
  status: m.status,
  provider_message_id: m.providerMessageId,
  created_at: m.createdAt,
});

const presentReferral = (r: Referral | null) =>
  r && {
    source_url: r.sourceUrl,
    source_id: r.sourceId,
    source_type: r.sourceType,
    headline: r.headline,
    body: r.body,
    media_type: r.mediaType,
    image_url: r.imageUrl,
    video_url: r.videoUrl,
    thumbnail_url: r.thumbnailUrl,
    ctwa_clid: r.ctwaClid,
  };

const presentError = (e: ProviderError | null) => e && { code: e.code, title: e.title, detail: e.detail };

/** A conversation between one inbox and one contact; `source` is the ad that brought the customer. */
export const presentConversation = (c: ConversationData) => ({
  id: c.id,
  inbox_id: c.inboxId,
  contact_id: c.contactId,
  channel: c.channel,
  last_inbound_at: c.lastInboundAt,
  last_message_at: c.lastMessageAt,
  source: presentReferral(c.source),
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

/**
 * A message of a conversation, either direction and any type: `text` is what a person reads, the
 * media fields are the provider's handle on a file (not fetched), `raw` the provider's own object (null
 * once dropped after its retention).
 */
export const presentConversationMessage = (m: MessageData) => ({
  ...messageHeading(m),
  text: m.content,
  media_id: m.media?.id ?? null,
  mime_type: m.media?.mimeType ?? null,
  sha256: m.media?.sha256 ?? null,
  filename: m.media?.filename ?? null,
  media_url: m.media?.url ?? null,
  template: m.template && { name: m.template.name, language: { code: m.template.language }, components: m.template.components },
  context: m.context && { id: m.context.id, from: m.context.from },
  referral: presentReferral(m.referral),
  status: m.status,
  status_history: {
    sent_at: m.statusTimes.sentAt,
    delivered_at: m.statusTimes.deliveredAt,
    read_at: m.statusTimes.readAt,
    failed_at: m.statusTimes.failedAt,
  },
  error: presentError(m.error),
  provider_message_id: m.providerMessageId,
  raw: m.raw,
  created_at: m.createdAt,
  updated_at: m.updatedAt,
});

/** What the operator sees of an inbox: never its credentials. */
export const presentInbox = (i: InboxData) => ({ id: i.id, name: i.name, channel: i.channel, is_active: i.isActive });

/**
 * GET /whatsapp/inboxes: an inbox as the operator's `inbox list` shows it, and when it changed; never a
 * credential (docs/decisions.md: The inbox without its secrets). The summary is read without them.
 */
export const presentInboxSummary = (i: InboxSummary) => ({
  id: i.id,
  name: i.name,
  channel: i.channel,
  is_active: i.isActive,
  phone_number_id: i.phoneNumberId,
  connection_state: i.connectionState,
  connection_state_at: i.connectionStateAt,
  created_at: i.createdAt,
  updated_at: i.updatedAt,
});

export const inboxSummarySchema = exactObject({
  id: R.uuid,
  name: R.string,
  channel: R.enumOf(CHANNELS),
  is_active: { ...R.boolean, description: 'An inactive inbox sends nothing.' },
  phone_number_id: {
    ...R.nullableString,
    description: "The Cloud API number's id (no secret: Meta sends it in every callback); null on other channels.",
  },
  connection_state: {
    ...R.nullableEnumOf(CONNECTION_STATES),
    description: "The WhatsApp session's state as the provider last reported it (Evolution); null until one is reported.",
  },
  connection_state_at: { ...R.nullableDateTime, description: 'When the provider reported that state.' },
  created_at: R.dateTime,
  updated_at: R.dateTime,
});

/** What the Cloud API webhook stored of a delivery, and what it received but did not store. */
export const presentCloudApiEvents = (r: RecordCloudApiEventsResult) => ({
  messages: r.messages,
  statuses: r.statuses,
  errors: r.errors,
  ignored: r.ignored,
});

/** What the Evolution webhook stored of a delivery, and what it received but did not store. */
export const presentEvolutionEvents = (r: RecordEvolutionEventsResult) => ({
  messages: r.messages,
  sent: r.sent,
  statuses: r.statuses,
  connection_updates: r.connectionUpdates,
  ignored_groups: r.ignoredGroups,
  ignored: r.ignored,
});

// The documented shapes of the presenters above: every property they write, all required.

const MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed', 'received'] as const;

export const contactSchema = exactObject({
  id: R.uuid,
  phone: { type: 'string', description: 'Digits with the country code, as first given.' },
  jid: R.string,
  push_name: { ...R.nullableString, description: 'The name the person set in WhatsApp, when a message of theirs said it.' },
  custom_name: R.nullableString,
  notes: R.nullableString,
  tags: R.stringArray,
  client_id: R.nullableUuid,
  created_at: R.dateTime,
  updated_at: R.dateTime,
});

/** POST /whatsapp/contacts: the contact, with `reused: true` when the number (in any variant) was already a contact. */
export const createdContactSchema: Schema = {
  ...contactSchema,
  properties: {
    ...(contactSchema.properties as Record<string, Schema>),
    reused: { const: true, description: 'Present, and true, only on a 200: the existing contact of this number was returned.' },
  },
};

const messageHeadingSchema = {
  id: R.uuid,
  conversation_id: R.uuid,
  inbox_id: R.uuid,
  contact_id: R.uuid,
  direction: R.enumOf(['outbound', 'inbound']),
  type: {
    type: 'string',
    description:
      "The provider's message type (`text`, `image`, `reaction`…), kept as it came; outbound messages are `text`, `template` or the media type.",
  },
};

export const messageSchema = exactObject({
  ...messageHeadingSchema,
  content: R.string,
  status: R.enumOf(MESSAGE_STATUSES),
  provider_message_id: R.nullableString,
  created_at: R.dateTime,
});

/** POST /whatsapp/messages: the message, and whether it went to a conversation that already existed. */
export const sentMessageSchema = exactObject({
  ...(messageSchema.properties as Record<string, Schema>),
  reused: { type: 'boolean', description: 'True when the message went to a conversation that already existed.' },
});

const referralSchema = nullable(
  exactObject(
    {
      source_url: R.nullableString,
      source_id: R.nullableString,
      source_type: R.nullableString,
      headline: R.nullableString,
      body: R.nullableString,
      media_type: R.nullableString,
      image_url: R.nullableString,
      video_url: R.nullableString,
      thumbnail_url: R.nullableString,
      ctwa_clid: R.nullableString,
    },
    'The Click-to-WhatsApp ad, as Meta described it.',
  ),
);

export const conversationSchema = exactObject({
  id: R.uuid,
  inbox_id: R.uuid,
  contact_id: R.uuid,
  channel: R.enumOf(CHANNELS),
  last_inbound_at: R.nullableDateTime,
  last_message_at: R.nullableDateTime,
  source: { ...referralSchema, description: 'The ad that brought the customer: the first referral of the conversation.' },
  created_at: R.dateTime,
  updated_at: R.dateTime,
});

export const conversationMessageSchema = exactObject({
  ...messageHeadingSchema,
  text: { type: 'string', description: "What a person reads: the body, a caption, a reply's title, or a placeholder such as `[sticker]`." },
  media_id: { ...R.nullableString, description: "Meta's handle on the file (not fetched)." },
  mime_type: R.nullableString,
  sha256: R.nullableString,
  filename: R.nullableString,
  media_url: {
    ...R.nullableString,
    description: "The link a media message was sent with, or the provider's own link to a received file when it gives one.",
  },
  template: {
    ...nullable(
      exactObject({
        name: R.string,
        language: exactObject({ code: R.string }),
        components: { type: 'array', items: { type: 'object' } },
      }),
    ),
    description: "The approved template a template message was sent as, in Meta's shape; null for other messages.",
  },
  context: {
    ...nullable(exactObject({ id: R.nullableString, from: R.nullableString })),
    description: 'The message this one replies or reacts to.',
  },
  referral: referralSchema,
  status: R.enumOf(MESSAGE_STATUSES),
  status_history: {
    ...exactObject({
      sent_at: R.nullableDateTime,
      delivered_at: R.nullableDateTime,
      read_at: R.nullableDateTime,
      failed_at: R.nullableDateTime,
    }),
    description:
      'When each delivery status of an outbound message was first reported (null: never, or before these times were kept). A status reported after a further one adds no time.',
  },
  error: {
    ...nullable(exactObject({ code: R.nullableString, title: R.nullableString, detail: R.nullableString })),
    description: "The provider's error on a failed message.",
  },
  provider_message_id: R.nullableString,
  raw: {
    ...R.nullableObject,
    description:
      "The provider's message object as it came; null on a message sent through this API, and once the message is older than `WHATSAPP_RAW_RETENTION_DAYS` (90 by default), when it is dropped.",
  },
  created_at: R.dateTime,
  updated_at: R.dateTime,
});

export const cloudApiEventsSchema = exactObject({
  messages: { type: 'integer', minimum: 0, description: 'Inbound messages stored.' },
  statuses: { type: 'integer', minimum: 0, description: 'Delivery statuses applied to outbound messages.' },
  errors: { type: 'integer', minimum: 0, description: 'Errors about a number as a whole, stored per inbox.' },
  ignored: {
    type: 'integer',
    minimum: 0,
    description: 'Events received and not stored: redeliveries, statuses that change nothing, unknown numbers.',
  },
});

export const deletedSchema = exactObject({ id: R.uuid, deleted: { const: true } });

const count = (description: string) => ({ type: 'integer', minimum: 0, description });

export const evolutionEventsSchema = exactObject({
  messages: count("Customers' messages stored."),
  sent: count('Messages sent from the business phone (`fromMe`), stored as outbound and `sent`.'),
  statuses: count('Delivery statuses applied to outbound messages.'),
  connection_updates: count('Connection states kept on the inbox.'),
  ignored_groups: count('Messages of groups, broadcast lists, statuses and channels: never stored.'),
  ignored: count(
    'Everything else received and not stored: redeliveries, statuses that change nothing, older connection states, other events.',
  ),
});
