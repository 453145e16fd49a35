// The limits of what a record holds: the API's request schemas refuse more (400 naming the field), and
// the inbound receiver cuts or leaves out more with a warning, so that whatever is stored can be read
// and sent back through the API.

/**
 * The longest text a request may send, in characters (as people count them: `Ç` and an emoji are one
 * each, whatever their bytes). Every text of a body or query has one, so that one tenant's 1 MB note
 * cannot make every list page of the team 100 MB. Over it is 400 VALIDATION_ERROR naming the field.
 */
export const Text = {
  /** Names, titles, slugs and short free text (a source, a phase, a column, a path in a payload). */
  name: 200,
  /** The longest address SMTP carries (RFC 5321). */
  email: 254,
  /** A phone as people type it, spaces and punctuation included. */
  phone: 40,
  /** Document and registration numbers, postal codes, colors, status words, timestamps. */
  code: 50,
  /** Descriptions, notes, briefings, checklists, reasons. */
  long: 10_000,
  /** One tag. */
  tag: 50,
  /** A search or a text filter in the query string. */
  query: 200,
} as const;

/** The most items a list, or keys a free-form object, may hold. */
export const Items = {
  /** Tags of one record, and the items of a free-form list. */
  list: 50,
  /** Keys of a free-form object (a field mapping, campaign goals). */
  keys: 50,
} as const;
