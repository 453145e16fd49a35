import { ContactData } from '../../../domain/whatsapp/contact';
import { ConversationData } from '../../../domain/whatsapp/conversation';
import { InboxData } from '../../../domain/whatsapp/inbox';
import { MessageData, ProviderError } from '../../../domain/whatsapp/message';
import { Referral } from '../../../domain/whatsapp/referral';

/** The contact record of DECISIONS.md; the phone key and team stay inside. */
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

/** Where a message belongs and what it is: the first fields of both message shapes. */
const messageHeading = (m: MessageData) => ({
  id: m.id,
  conversation_id: m.conversationId,
  inbox_id: m.inboxId,
  contact_id: m.contactId,
  direction: m.direction,
  type: m.type,
});

/** The message record of DECISIONS.md, as POST /whatsapp/messages answers it. */
export const presentMessage = (m: MessageData) => ({
  ...messageHeading(m),
  content: m.content,
  status: m.status,
  provider_message_id: m.providerMessageId,
  created_at: m.createdAt,
});

const presentReferral = (r: Referral | null) => r && ({
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
});

const presentError = (e: ProviderError | null) => e && ({ code: e.code, title: e.title, detail: e.detail });

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
 * media fields are the provider's handle on a file (not fetched), `raw` the provider's own object.
 */
export const presentConversationMessage = (m: MessageData) => ({
  ...messageHeading(m),
  text: m.content,
  media_id: m.media?.id ?? null,
  mime_type: m.media?.mimeType ?? null,
  sha256: m.media?.sha256 ?? null,
  filename: m.media?.filename ?? null,
  context: m.context && { id: m.context.id, from: m.context.from },
  referral: presentReferral(m.referral),
  status: m.status,
  error: presentError(m.error),
  provider_message_id: m.providerMessageId,
  raw: m.raw,
  created_at: m.createdAt,
  updated_at: m.updatedAt,
});

/** What the operator sees of an inbox: never its credentials. */
export const presentInbox = (i: InboxData) => ({ id: i.id, name: i.name, channel: i.channel, is_active: i.isActive });
