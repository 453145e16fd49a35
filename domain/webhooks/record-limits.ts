// What the inbound receiver stores keeps the limits the API's request schemas enforce (`Text`, `Items`):
// a value over them is cut, or left out, with a warning naming the field, never a refusal of the lead.
import { Items, Text } from '../shared/limits';

/** A value cut or left out for a limit; the receiver reports it with the delivery's other warnings. */
export interface LimitWarning {
  field: string;
  value: unknown;
  reason: string;
}

/** Keys that name a JavaScript object's own machinery: never a key of custom fields or metadata. */
export const RESERVED_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** Characters as people count them (and ajv's `maxLength`): `Ç` and an emoji are one each. */
const cutToChars = (s: string, max: number): string | null => {
  if (s.length <= max) return null;
  const points = Array.from(s);
  return points.length > max ? points.slice(0, max).join('') : null;
};

/** A text of at most `max` characters; a longer one is cut, with a warning. */
export const boundText = (field: string, value: string | null, max: number, warnings: LimitWarning[]): string | null => {
  if (value === null) return null;
  const cut = cutToChars(value, max);
  if (cut === null) return value;
  warnings.push({ field, value, reason: `longer than ${max} characters: cut to ${max}` });
  return cut;
};

/** At most `Items.list` tags of at most `Text.tag` characters each, as the API takes them. */
export const boundTags = (tags: string[], warnings: LimitWarning[]): string[] => {
  const kept = tags.slice(0, Items.list);
  if (tags.length > kept.length) {
    warnings.push({ field: 'tags', value: tags.length, reason: `more than ${Items.list} tags: the first ${Items.list} kept` });
  }
  const long = kept.filter((t) => cutToChars(t, Text.tag) !== null);
  if (long.length) {
    warnings.push({ field: 'tags', value: long[0], reason: `${long.length} tags longer than ${Text.tag} characters: cut to ${Text.tag}` });
  }
  return kept.map((t) => cutToChars(t, Text.tag) ?? t);
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A free-form value within the API's limits at every level: texts, lists and objects; `cut` says whether it changed. */
const boundJson = (value: unknown): { value: unknown; cut: boolean } => {
  if (typeof value === 'string') {
    const c = cutToChars(value, Text.long);
    return c === null ? { value, cut: false } : { value: c, cut: true };
  }
  if (Array.isArray(value)) {
    const items = value.slice(0, Items.list).map(boundJson);
    return { value: items.map((i) => i.value), cut: value.length > Items.list || items.some((i) => i.cut) };
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    const kept = entries.filter(([k]) => !RESERVED_KEYS.includes(k) && cutToChars(k, Text.name) === null).slice(0, Items.keys);
    const inner = kept.map(([k, v]) => [k, boundJson(v)] as const);
    // fromEntries defines own properties: a key is never taken for the object's prototype.
    return {
      value: Object.fromEntries(inner.map(([k, v]) => [k, v.value])),
      cut: kept.length < entries.length || inner.some(([, v]) => v.cut),
    };
  }
  return { value, cut: false };
};

/**
 * `custom_fields` or `metadata` as the API keeps a free-form object: at most `Items.keys` keys (the given
 * order, so mapped keys put first are kept first), keys of at most `Text.name` characters and never a
 * reserved one, texts of at most `Text.long`, lists of at most `Items.list` items, at every level.
 */
export const boundFreeForm = (field: string, entries: [string, unknown][], warnings: LimitWarning[]): Record<string, unknown> => {
  const kept: [string, unknown][] = [];
  let over = 0;
  for (const [key, raw] of entries) {
    if (RESERVED_KEYS.includes(key)) {
      warnings.push({ field: `${field}.${key}`, value: raw, reason: `${key} cannot be a key: left out` });
    } else if (cutToChars(key, Text.name) !== null) {
      warnings.push({ field, value: key, reason: `a key longer than ${Text.name} characters: left out` });
    } else if (kept.length >= Items.keys) {
      over++;
    } else {
      const bounded = boundJson(raw);
      if (bounded.cut) {
        warnings.push({
          field: `${field}.${key}`,
          value: raw,
          reason: `cut to ${Text.long} characters a text, ${Items.list} items a list, ${Items.keys} keys an object`,
        });
      }
      kept.push([key, bounded.value]);
    }
  }
  if (over) warnings.push({ field, value: over, reason: `more than ${Items.keys} keys: ${over} left out` });
  return Object.fromEntries(kept);
};
