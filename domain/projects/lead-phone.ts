// Phone and email of project leads: how they are stored and the keys that find duplicates.
import { ValidationFailed } from '../shared/errors';
import { PhoneNumber } from '../shared/phone-number';

/**
 * A lead phone as stored: `+` and the digits with the country code, Brazilian numbers as `+55`
 * followed by digits (`(11) 98765-4321` → `+5511987654321`). Other countries must carry their code;
 * a local number without its area code is ambiguous and refused.
 */
export const normalizeLeadPhone = (raw: string, field = 'phone'): string => `+${PhoneNumber.parse(raw, field).digits}`;

/**
 * The duplicate key of a stored phone: one key for the Brazilian mobile with and without its ninth
 * digit, so `+55 11 8765-4321` (the pre-2016 form) and `+55 11 98765-4321` are the same contact.
 */
export const leadPhoneKey = (stored: string): string => PhoneNumber.restore(stored.replace(/\D/g, '')).canonical;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email as stored: trimmed; refused when it is not an address. */
export const normalizeLeadEmail = (raw: string, field = 'email'): string => {
  const email = raw.trim();
  if (!EMAIL.test(email)) throw new ValidationFailed('email must be a valid address', field);
  return email;
};

export const leadEmailKey = (stored: string): string => stored.trim().toLowerCase();
