// Phone and email of project leads: how they are stored and the keys that find duplicates.
import { ValidationFailed } from '../shared/errors';

const FORMATTING = /[\s().\-/]/g;

/**
 * A lead phone as stored: Brazilian numbers as `+55` followed by digits (`(11) 98765-4321` →
 * `+5511987654321`), other countries as `+` and digits, which they must carry. A local number
 * without its area code is ambiguous and refused.
 */
export const normalizeLeadPhone = (raw: string, field = 'phone'): string => {
  const text = raw.trim().replace(FORMATTING, '');
  const invalid = (why: string) => new ValidationFailed(`phone ${why}`, field);
  if (!/^(\+|00)?\d+$/.test(text)) throw invalid('must contain only digits and formatting');
  if (text.startsWith('+') || text.startsWith('00')) {
    const digits = text.replace(/^(\+|00)/, '');
    if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) throw invalid('is not a valid international number');
    return `+${digits}`;
  }
  // A single leading 0 is the national trunk prefix before the area code.
  const digits = /^0\d{10,11}$/.test(text) ? text.slice(1) : text;
  if ((digits.length === 10 || digits.length === 11) && !digits.startsWith('0')) return `+55${digits}`;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return `+${digits}`;
  if (digits.length > 11 && digits.length <= 15 && !digits.startsWith('0')) return `+${digits}`;
  throw invalid('must include the area code');
};

/**
 * The duplicate key of a stored phone: its digits, with the Brazilian mobile ninth digit restored,
 * so `+55 11 8765-4321` (the pre-2016 form) and `+55 11 98765-4321` are the same contact.
 */
export const leadPhoneKey = (stored: string): string => {
  const digits = stored.replace(/\D/g, '');
  const old = /^55([1-9]{2})([6-9]\d{7})$/.exec(digits);
  return old ? `55${old[1]}9${old[2]}` : digits;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email as stored: trimmed; refused when it is not an address. */
export const normalizeLeadEmail = (raw: string, field = 'email'): string => {
  const email = raw.trim();
  if (!EMAIL.test(email)) throw new ValidationFailed('email must be a valid address', field);
  return email;
};

export const leadEmailKey = (stored: string): string => stored.trim().toLowerCase();
