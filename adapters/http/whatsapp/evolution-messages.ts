// Evolution API (v2) webhook bodies, read into what the API keeps: `{ event, instance, data, destination,
// date_time, sender, server_url, apikey }`, one event a body. `data` of `messages.upsert` and
// `send.message` is Baileys' message (`key`, `pushName`, `message`, `messageType`, `messageTimestamp`,
// `contextInfo`); of `messages.update` a status (`keyId`, `remoteJid`, `fromMe`, `status`); of
// `connection.update` the session's `state`. The shapes follow Evolution's webhook controller and its
// Baileys channel service (src/api/integrations/event/webhook, src/api/services/channels), and the
// "Webhooks" page of its documentation.
import { DeliveryStatusEvent, InboundMessageEvent } from '../../../application/whatsapp/inbound-messages';
import { EvolutionEvent } from '../../../application/whatsapp/record-evolution-events';
import { isConnectionState } from '../../../domain/whatsapp/inbox';
import { DeliveryStatus, InboundContent, MessageContext, MessageMedia } from '../../../domain/whatsapp/message';
import { arr, joined, obj, tagged, text, titled } from './cloud-api-messages';

type Json = Record<string, unknown>;

/** Evolution's message types, as the Cloud API names the same kinds (a type not listed keeps its own name). */
const TYPES: Record<string, string> = {
  conversation: 'text',
  extendedTextMessage: 'text',
  imageMessage: 'image',
  videoMessage: 'video',
  ptvMessage: 'video',
  audioMessage: 'audio',
  documentMessage: 'document',
  documentWithCaptionMessage: 'document',
  stickerMessage: 'sticker',
  locationMessage: 'location',
  liveLocationMessage: 'location',
  contactMessage: 'contacts',
  contactsArrayMessage: 'contacts',
  reactionMessage: 'reaction',
  buttonsResponseMessage: 'interactive',
  listResponseMessage: 'interactive',
  templateButtonReplyMessage: 'button',
};

const MEDIA: readonly string[] = ['imageMessage', 'videoMessage', 'ptvMessage', 'audioMessage', 'documentMessage', 'stickerMessage'];

/** Baileys' delivery states (`messages.update`), by name and, in older payloads, by number. */
const DELIVERY: Record<string, DeliveryStatus | null> = {
  ERROR: 'failed',
  PENDING: null,
  SERVER_ACK: 'sent',
  DELIVERY_ACK: 'delivered',
  READ: 'read',
  PLAYED: 'read',
};
const DELIVERY_NUMBERS = ['ERROR', 'PENDING', 'SERVER_ACK', 'DELIVERY_ACK', 'READ', 'PLAYED'];

/** `messages.upsert` and `MESSAGES_UPSERT` are one event: Evolution writes the name either way. */
export const eventName = (v: unknown): string => (text(v) ?? '').toLowerCase().replace(/_/g, '.');

/** A chat that is not one customer: a group, a broadcast list, a status, a channel. */
const isGroupChat = (jid: string): boolean => /@(g\.us|broadcast|newsletter)$/.test(jid);

/** Unix seconds, as a number, a string or protobuf's Long (`{ low, high }`). */
function unixTime(v: unknown): Date | null {
  const long = obj(v);
  const n = long ? Number(long.low) + Number(long.high ?? 0) * 2 ** 32 : Number(v);
  const at = Number.isFinite(n) && n > 0 ? new Date(n * 1000) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

/** The message object of a document sent with a caption is wrapped once more. */
function partOf(message: Json, evolutionType: string): Json {
  if (evolutionType === 'documentWithCaptionMessage') {
    return obj(obj(obj(message.documentWithCaptionMessage)?.message)?.documentMessage) ?? {};
  }
  return obj(message[evolutionType]) ?? {};
}

/** `Name (phone, …)` of a vCard: its `TEL` lines, the WhatsApp id when the card has one. */
function contactCard(card: Json): string | null {
  const vcard = text(card.vcard) ?? '';
  const phones = vcard
    .split(/\r?\n/)
    .filter((line) => /^(item\d+\.)?TEL/i.test(line))
    .map((line) => text(line.slice(line.lastIndexOf(':') + 1).trim()));
  const name = text(card.displayName) ?? text(/^FN:(.*)$/im.exec(vcard)?.[1]?.trim());
  const numbers = joined(phones, ', ');
  return numbers ? `${name ?? 'Contact'} (${numbers})` : name;
}

function readableText(message: Json, evolutionType: string, part: Json): string | null {
  switch (evolutionType) {
    case 'conversation':
      return text(message.conversation);
    case 'extendedTextMessage':
      return text(part.text);
    case 'imageMessage':
    case 'videoMessage':
    case 'ptvMessage':
    case 'audioMessage':
    case 'stickerMessage':
      return text(part.caption);
    case 'documentMessage':
    case 'documentWithCaptionMessage':
      return text(part.caption) ?? tagged('document', text(part.fileName) ?? text(part.title));
    case 'locationMessage':
    case 'liveLocationMessage': {
      const place = joined([text(part.name), text(part.address)], ', ');
      const [latitude, longitude] = [text(part.degreesLatitude), text(part.degreesLongitude)];
      return place ?? (latitude !== null && longitude !== null ? tagged('location', `${latitude}, ${longitude}`) : null);
    }
    case 'contactMessage':
      return contactCard(part);
    case 'contactsArrayMessage':
      return joined(
        arr(part.contacts).map((c) => contactCard(obj(c) ?? {})),
        '; ',
      );
    case 'reactionMessage': {
      const target = text(obj(part.key)?.id) ?? 'a message';
      const emoji = text(part.text);
      return emoji ? `Reacted ${emoji} to ${target}` : `Removed a reaction from ${target}`;
    }
    case 'buttonsResponseMessage':
      return titled(text(part.selectedDisplayText), text(part.selectedButtonId));
    case 'listResponseMessage':
      return titled(text(part.title), text(obj(part.singleSelectReply)?.selectedRowId));
    case 'templateButtonReplyMessage':
      return titled(text(part.selectedDisplayText), text(part.selectedId));
    default:
      return null;
  }
}

function mediaOf(evolutionType: string, part: Json): MessageMedia | null {
  if (!MEDIA.includes(evolutionType) && evolutionType !== 'documentWithCaptionMessage') return null;
  // Evolution sends no file id: the file is fetched through Evolution's own API, by the message's key.
  // `url` is WhatsApp's link to the encrypted file, as Evolution reported it.
  return { id: null, mimeType: text(part.mimetype), sha256: text(part.fileSha256), filename: text(part.fileName), url: text(part.url) };
}

function contextOf(data: Json, evolutionType: string, part: Json): MessageContext | null {
  // A reaction names the message it reacts to in its own key rather than in `contextInfo`.
  if (evolutionType === 'reactionMessage') return { id: text(obj(part.key)?.id), from: null };
  const c = obj(part.contextInfo) ?? obj(data.contextInfo);
  return c ? { id: text(c.stanzaId), from: text(c.participant) } : null;
}

/** A Baileys message (`messages.upsert`, `send.message`) as inbound content; the whole `data` is kept raw. */
export function evolutionContentOf(data: Json): InboundContent {
  const message = obj(data.message) ?? {};
  const evolutionType = text(data.messageType) ?? Object.keys(message).find((k) => k !== 'messageContextInfo') ?? 'unknown';
  const part = partOf(message, evolutionType);
  return {
    type: TYPES[evolutionType] ?? evolutionType,
    text: readableText(message, evolutionType, part),
    media: mediaOf(evolutionType, part),
    context: contextOf(data, evolutionType, part),
    referral: null,
    error: null,
    raw: data,
  };
}

/** The customer's number of a chat: its JID, or for a `@lid` chat the phone JID Evolution adds beside it. */
function customerJid(key: Json): string | null {
  const jid = text(key.remoteJid);
  if (jid?.endsWith('@lid')) return text(key.remoteJidAlt) ?? text(key.senderPn);
  return jid;
}

function messageEvent(data: Json, fallbackTime: Date): EvolutionEvent {
  const key = obj(data.key);
  const id = text(key?.id);
  const jid = key ? customerJid(key) : null;
  if (!key || !id || !jid) return { kind: 'ignored' };
  if (isGroupChat(jid)) return { kind: 'group' };
  const message: InboundMessageEvent = {
    from: jid,
    profileName: text(data.pushName),
    providerMessageId: id,
    sentAt: unixTime(data.messageTimestamp) ?? fallbackTime,
    content: evolutionContentOf(data),
    newWaId: null,
  };
  return { kind: 'message', fromMe: key.fromMe === true, message };
}

function statusEvent(data: Json): EvolutionEvent {
  const jid = text(data.remoteJid) ?? text(obj(data.key)?.remoteJid);
  if (jid && isGroupChat(jid)) return { kind: 'group' };
  // `messageId` is, in v2, Evolution's own row id: the WhatsApp id is `keyId` (`key.id` in older payloads).
  const id = text(data.keyId) ?? text(obj(data.key)?.id) ?? text(data.id) ?? text(data.messageId);
  const given = typeof data.status === 'number' ? DELIVERY_NUMBERS[data.status] : text(data.status);
  const status = given ? DELIVERY[given.toUpperCase()] : undefined;
  if (!id || !status) return { kind: 'ignored' };
  const error = status === 'failed' ? { code: null, title: 'ERROR', detail: null } : null;
  const event: DeliveryStatusEvent = { providerMessageId: id, status, error };
  return { kind: 'status', status: event };
}

/** Every event of one body; anything unexpected is ignored, not refused. */
export function evolutionEventsOf(body: Json, fallbackTime: Date): EvolutionEvent[] {
  // Evolution sends one object; a list is read item by item all the same.
  const items = Array.isArray(body.data) ? body.data.map(obj) : [obj(body.data)];
  const each = (read: (data: Json) => EvolutionEvent) => items.map((data) => (data ? read(data) : { kind: 'ignored' as const }));
  switch (eventName(body.event)) {
    case 'messages.upsert':
    case 'send.message':
      return each((data) => messageEvent(data, fallbackTime));
    case 'messages.update':
      return each(statusEvent);
    case 'connection.update':
      return each((data) =>
        isConnectionState(data.state)
          ? { kind: 'connection', state: data.state, statusReason: text(data.statusReason) }
          : { kind: 'ignored' },
      );
    default:
      return [{ kind: 'ignored' }];
  }
}

/** `date_time` of the body, when it is a date. */
export function reportedAtOf(body: Json): Date | null {
  const given = text(body.date_time);
  const at = given ? new Date(given) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}
