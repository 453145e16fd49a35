// Reading what people type into forms: amounts written the Brazilian way, phone fields holding two
// numbers, e-mails with typos. A value that cannot be read is reported with its reason, so the caller
// can keep the lead and tell a person what was left out, instead of refusing everything.
import { normalizeLeadEmail } from '../projects/lead-phone';
import { DomainError } from '../shared/errors';
import { Text } from '../shared/limits';
import { PhoneNumber } from '../shared/phone-number';

/** What a field reads as; `problem` says why a value that was sent could not be read. */
export interface Reading<T> {
  value: T | null;
  problem?: string;
  /** Parts of the value not used but worth keeping (the other numbers of a phone field). */
  others?: string[];
}

const absent = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && !v.trim());

const scalarText = (v: unknown): string | null => {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return null;
};

/**
 * A value as text. A list of plain values (Meta's `values`, Google Forms' `namedValues`, checkboxes)
 * reads as its items joined with `, `; objects and nested lists read as nothing.
 */
export const text = (v: unknown): string | null => {
  if (!Array.isArray(v)) return scalarText(v);
  const items = v.map(scalarText).filter((t): t is string => t !== null);
  return items.length ? items.join(', ') : null;
};

/** A ValidationFailed message without the field name it starts with: the note names the field already. */
const reasonOf = (err: unknown, field: string): string => {
  if (!(err instanceof DomainError)) throw err;
  return err.message.startsWith(`${field} `) ? err.message.slice(field.length + 1) : err.message;
};

// Brazilian forms write `1.500,00`; integrations write `1500.50`. Dots before groups of exactly three
// digits separate thousands (`1.500` is fifteen hundred, as a person here means it); a lone comma is
// the decimal mark (`1,5`); commas before a decimal point separate thousands (`1,500.00`).
const INTEGER = /^\d+$/;
const DOT_THOUSANDS = /^[1-9]\d{0,2}(?:\.\d{3})+(?:,\d+)?$/;
const COMMA_THOUSANDS = /^[1-9]\d{0,2}(?:,\d{3})+\.\d+$|^[1-9]\d{0,2}(?:,\d{3}){2,}$/;
const COMMA_DECIMAL = /^\d+,\d+$/;
const DOT_DECIMAL = /^\d+\.\d+$/;
const CURRENCY = /^(?:R\$|BRL)|(?:R\$|BRL|reais)$/i;

/** An amount: a number, or text such as `R$ 1.500,00`, `1.500`, `1500.50`, `1,5`. */
export const readMoney = (v: unknown): Reading<number> => {
  if (absent(v)) return { value: null };
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v } : { value: null, problem: 'is not an amount' };
  const raw = text(v);
  if (raw === null) return { value: null, problem: 'is not an amount' };
  let s = raw.replace(/[\s\u00a0\u202f]/g, '');
  const negative = s.startsWith('-');
  s = s.replace(/^-/, '').replace(CURRENCY, '').replace(/^-/, '');
  let plain: string | null = null;
  if (INTEGER.test(s) || (DOT_DECIMAL.test(s) && !DOT_THOUSANDS.test(s))) plain = s;
  else if (DOT_THOUSANDS.test(s)) plain = s.replace(/\./g, '').replace(',', '.');
  else if (COMMA_THOUSANDS.test(s)) plain = s.replace(/,/g, '');
  else if (COMMA_DECIMAL.test(s)) plain = s.replace(',', '.');
  if (plain === null) return { value: null, problem: 'is not an amount' };
  const n = Number(plain);
  return { value: negative ? -n : n };
};

// How people put two numbers in one field: `(11) 3333-4444 / (11) 98888-7777`, `… ou …`, one a line.
const PHONE_SEPARATORS = /\s*[/;,\n]\s*|\s+(?:ou|e)\s+/i;

/** The number, or why it is not one. */
const tryPhone = (raw: string): { phone: PhoneNumber } | { problem: string } => {
  try {
    return { phone: PhoneNumber.parse(raw) };
  } catch (err) {
    return { problem: reasonOf(err, 'phone') };
  }
};

const phoneOf = (r: { phone: PhoneNumber } | { problem: string }): PhoneNumber | null => ('phone' in r ? r.phone : null);

/** A Brazilian mobile (9 after the area code), the number a person answers on WhatsApp. */
const isMobile = (phone: PhoneNumber): boolean => {
  const digits = phone.canonical;
  return phone.isBrazilian && digits.length === 13 && digits[4] === '9';
};

/**
 * A phone as `+` and digits with the country code, the form leads store. A field holding several
 * numbers gives its first mobile, else its first valid number, and the rest as `others`.
 */
export const readPhone = (v: unknown): Reading<string> => {
  if (absent(v)) return { value: null };
  const raw = text(v);
  if (raw === null) return { value: null, problem: 'is not text' };
  // The whole text first: `11 3333-4444, ext. 12` is one number with an extension, not two.
  const whole = tryPhone(raw);
  if ('phone' in whole) return { value: `+${whole.phone.digits}` };
  const parts = raw
    .split(PHONE_SEPARATORS)
    .map((p) => p.trim())
    .filter(Boolean);
  const read = parts.map((part) => ({ part, phone: /\d/.test(part) ? phoneOf(tryPhone(part)) : null }));
  const valid = read.filter((r): r is { part: string; phone: PhoneNumber } => r.phone !== null);
  if (!valid.length) return { value: null, problem: whole.problem };
  const chosen = valid.find((r) => isMobile(r.phone)) ?? valid[0];
  return { value: `+${chosen.phone.digits}`, others: read.filter((r) => r !== chosen).map((r) => r.part) };
};

/** An e-mail by the rule leads keep (`normalizeLeadEmail`). */
export const readEmail = (v: unknown): Reading<string> => {
  if (absent(v)) return { value: null };
  const raw = text(v);
  if (raw === null) return { value: null, problem: 'is not text' };
  if (raw.length > Text.email) return { value: null, problem: `is longer than ${Text.email} characters` };
  try {
    return { value: normalizeLeadEmail(raw) };
  } catch (err) {
    return { value: null, problem: reasonOf(err, 'email') };
  }
};
