// Meta's Cloud API message objects (`value.messages[]`), read into what the API keeps of them: the
// type as sent, a text a person can read, the media handle, the message replied to, the ad referral,
// and the object itself. The formats follow the "Messages webhook reference" pages of the WhatsApp
// Cloud API documentation, one page per type.
import { InboundContent, MessageContext, MessageMedia, ProviderError } from '../../../domain/whatsapp/message';
import { Referral } from '../../../domain/whatsapp/referral';

type Json = Record<string, unknown>;

export const obj = (v: unknown): Json | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** A non-empty string; numbers (codes, ids) are read as their text. */
export const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

const MEDIA_TYPES: readonly string[] = ['image', 'audio', 'video', 'document', 'sticker'];

/** The first error of an `errors` array, as the provider wrote it (message-level or change-level). */
export function providerErrorOf(e: Json | null): ProviderError | null {
  if (!e) return null;
  // Older payloads put `details` on the error itself rather than in `error_data`.
  return {
    code: text(e.code),
    title: text(e.title) ?? text(e.message),
    detail: text(obj(e.error_data)?.details) ?? text(e.details) ?? text(e.message),
  };
}

/** `[label]`, or `[label] rest` when there is something to add. */
export const tagged = (label: string, rest: string | null): string => (rest ? `[${label}] ${rest}` : `[${label}]`);
export const joined = (parts: (string | null)[], separator: string): string | null => {
  const kept = parts.filter((p): p is string => p !== null && p.trim() !== '');
  return kept.length > 0 ? kept.join(separator) : null;
};
/** `Title (id)`, or whichever of the two there is. */
export const titled = (title: string | null, id: string | null): string | null =>
  title && id && title !== id ? `${title} (${id})` : (title ?? id);

function mediaOf(m: Json): MessageMedia | null {
  const media = typeof m.type === 'string' && MEDIA_TYPES.includes(m.type) ? obj(m[m.type]) : null;
  if (!media) return null;
  return {
    id: text(media.id),
    mimeType: text(media.mime_type),
    sha256: text(media.sha256),
    filename: text(media.filename),
    url: text(media.url),
  };
}

function referralOf(r: Json | null): Referral | null {
  if (!r) return null;
  return {
    sourceUrl: text(r.source_url),
    sourceId: text(r.source_id),
    sourceType: text(r.source_type),
    headline: text(r.headline),
    body: text(r.body),
    mediaType: text(r.media_type),
    imageUrl: text(r.image_url),
    videoUrl: text(r.video_url),
    thumbnailUrl: text(r.thumbnail_url),
    ctwaClid: text(r.ctwa_clid),
  };
}

function contextOf(m: Json): MessageContext | null {
  // A reaction names the message it reacts to in its own object rather than in `context`.
  if (m.type === 'reaction') return { id: text(obj(m.reaction)?.message_id), from: null };
  const c = obj(m.context);
  return c ? { id: text(c.id), from: text(c.from) } : null;
}

/** What a person reads of each type; null when the message has nothing (the domain puts `[type]`). */
function readableText(m: Json, type: string): string | null {
  const part = obj(m[type]) ?? {};
  switch (type) {
    case 'text':
      return text(part.body);
    case 'image':
    case 'video':
    case 'sticker':
    case 'audio':
      return text(part.caption);
    case 'document':
      return text(part.caption) ?? tagged('document', text(part.filename));
    case 'location': {
      const place = joined([text(part.name), text(part.address)], ', ');
      const coordinate = (v: unknown): string | null => (typeof v === 'number' || typeof v === 'string' ? String(v) : null);
      const [latitude, longitude] = [coordinate(part.latitude), coordinate(part.longitude)];
      const coordinates = latitude !== null && longitude !== null ? `${latitude}, ${longitude}` : null;
      return place ?? (coordinates && tagged('location', coordinates));
    }
    case 'contacts':
      return joined(
        arr(m.contacts).map((c) => {
          const card = obj(c) ?? {};
          const name =
            text(obj(card.name)?.formatted_name) ?? joined([text(obj(card.name)?.first_name), text(obj(card.name)?.last_name)], ' ');
          const phones = joined(
            arr(card.phones).map((p) => text(obj(p)?.phone) ?? text(obj(p)?.wa_id)),
            ', ',
          );
          return phones ? `${name ?? 'Contact'} (${phones})` : name;
        }),
        '; ',
      );
    case 'interactive': {
      const reply = obj(part.button_reply) ?? obj(part.list_reply);
      if (reply) return titled(text(reply.title), text(reply.id));
      return tagged('interactive', text(part.type));
    }
    case 'button':
      // A quick-reply button of a template: the text shown, and the payload the template gave it.
      return titled(text(part.text), text(part.payload));
    case 'reaction': {
      const target = text(part.message_id) ?? 'a message';
      const emoji = text(part.emoji);
      return emoji ? `Reacted ${emoji} to ${target}` : `Removed a reaction from ${target}`;
    }
    case 'order': {
      const items = joined(
        arr(part.product_items).map((i) => {
          const item = obj(i) ?? {};
          const price = joined([text(item.item_price), text(item.currency)], ' ');
          return `${text(item.quantity) ?? '1'} × ${text(item.product_retailer_id) ?? 'item'}${price ? ` at ${price}` : ''}`;
        }),
        '; ',
      );
      return joined([items && `Order: ${items}`, text(part.text)], ' — ');
    }
    case 'system':
      return text(part.body);
    case 'unsupported':
    case 'unknown':
      return tagged(type, text(obj(m.unsupported)?.type) ?? providerErrorOf(obj(arr(m.errors)[0]))?.title ?? null);
    default:
      return null;
  }
}

/** A message object of any type as inbound content; the raw object is kept whole. */
export function inboundContentOf(m: Json): InboundContent {
  const type = text(m.type) ?? 'unknown';
  return {
    type,
    text: readableText(m, type),
    media: mediaOf(m),
    context: contextOf(m),
    referral: referralOf(obj(m.referral)),
    error: providerErrorOf(obj(arr(m.errors)[0])),
    raw: m,
  };
}

/** The new WhatsApp id of a "customer changed number" system message (`user_changed_number` today). */
export function newWaIdOf(m: Json): string | null {
  const system = obj(m.system);
  if (m.type !== 'system' || !system) return null;
  if (system.type !== 'user_changed_number' && system.type !== 'customer_changed_number') return null;
  return text(system.wa_id) ?? text(system.new_wa_id);
}
