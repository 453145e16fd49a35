// The longest provider values the WhatsApp records keep. The provider bounds none of them and PostgreSQL
// refuses a value longer than its column (SQLite and memory keep it whole), so a value is fitted here,
// before any storage sees it, and every backend keeps the same thing. The migrations (20261122000800_whatsapp,
// 20261124000600_whatsapp_messages) give the columns these sizes; a schema test holds the two together.

/** `whatsapp_messages` columns. */
export const MESSAGE_LENGTHS = {
  type: 32,
  providerMessageId: 255,
  mediaId: 255,
  mediaMimeType: 255,
  mediaSha256: 255,
  contextId: 255,
  contextFrom: 64,
} as const;

/** `whatsapp_inboxes.phone_number_id`: the Cloud API webhook finds its inbox by it. */
export const INBOX_PHONE_NUMBER_ID_LENGTH = 64;

/** `whatsapp_inbox_errors.code`. */
export const INBOX_ERROR_CODE_LENGTH = 32;

/** Whether `value` has at most `limit` characters, counted as PostgreSQL counts a varchar: code points. */
export const fitsLength = (value: string, limit: number): boolean => {
  // Fewer UTF-16 units than the limit means fewer code points too: the common case needs no count.
  if (value.length <= limit) return true;
  let n = 0;
  for (const _ of value) if (++n > limit) return false;
  return true;
};

/** The first `limit` characters (code points, so that no surrogate pair is split). */
export const cutToLength = (value: string, limit: number): string =>
  fitsLength(value, limit) ? value : Array.from(value).slice(0, limit).join('');
