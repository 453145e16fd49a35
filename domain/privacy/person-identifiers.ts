// Who a privacy request (LGPD art. 18) is about: the identifiers a person gives, read as people type
// them, and every spelling under which the workspace's records may hold them.
import { Cnpj } from '../clients/cnpj';
import { Cpf } from '../clients/cpf';
import { normalizeLeadEmail } from '../projects/lead-phone';
import { ValidationFailed } from '../shared/errors';
import { PhoneNumber } from '../shared/phone-number';

/** The identifiers a request may name the person by, in the order a request with none is told about. */
export const PERSON_IDENTIFIER_FIELDS = ['email', 'phone', 'cpf', 'cnpj'] as const;
export type PersonIdentifierField = (typeof PERSON_IDENTIFIER_FIELDS)[number];

export type PersonIdentifiersInput = Partial<Record<PersonIdentifierField, unknown>>;

export interface PersonPhone {
  /** The key of every variant of the number: what WhatsApp contacts and leads find a person by (`PhoneNumber.canonical`). */
  key: string;
  /** Digits with the country code, with and without a Brazilian mobile's ninth digit, the given one first. */
  international: string[];
  /**
   * Every spelling a record may hold the number as, in digits: the international ones and, for a Brazilian
   * number, the national ones without 55, with and without the trunk 0.
   */
  variants: string[];
}

export interface PersonIdentifiers {
  /** Trimmed, in lower case. */
  email: string | null;
  phone: PersonPhone | null;
  /** The 11 digits. */
  cpf: string | null;
  /** The 14 characters, letters in upper case. */
  cnpj: string | null;
}

const BRAZIL = '55';

const given = (input: PersonIdentifiersInput, field: PersonIdentifierField): string | null => {
  const value = input[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new ValidationFailed(`${field} must be a string`, field);
  return value.trim() === '' ? null : value;
};

const phoneOf = (raw: string): PersonPhone => {
  const number = PhoneNumber.parse(raw, 'phone');
  const international = number.variants();
  const national = number.isBrazilian ? international.map((d) => d.slice(BRAZIL.length)) : [];
  return {
    key: number.canonical,
    international,
    variants: [...international, ...national, ...national.map((d) => `0${d}`)],
  };
};

/**
 * The identifiers of a request. Each is optional, but one at least is needed; an empty text counts as
 * not given. An invalid one is refused on its own field (`ValidationFailed`).
 */
export const parsePersonIdentifiers = (input: PersonIdentifiersInput): PersonIdentifiers => {
  const email = given(input, 'email');
  const phone = given(input, 'phone');
  const cpf = given(input, 'cpf');
  const cnpj = given(input, 'cnpj');
  if (email === null && phone === null && cpf === null && cnpj === null) {
    throw new ValidationFailed(`Send at least one of: ${PERSON_IDENTIFIER_FIELDS.join(', ')}`, undefined, undefined, {
      fields: [...PERSON_IDENTIFIER_FIELDS],
    });
  }
  return {
    email: email === null ? null : normalizeLeadEmail(email, 'email').toLowerCase(),
    phone: phone === null ? null : phoneOf(phone),
    cpf: cpf === null ? null : Cpf.parse(cpf, 'cpf').digits,
    cnpj: cnpj === null ? null : Cnpj.parse(cnpj, 'cnpj').value,
  };
};

// ---- Free text (an inbound body as it was posted) ----

/** What people and form tools write around the digits of a number or document. */
const FORMATTING = /[\s\-()./+]/g;
const EMAIL_BEFORE = '(?<![a-z0-9._%+\\-])';
const EMAIL_AFTER = '(?![a-z0-9\\-]|\\.[a-z0-9])';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text and, when it reads as URL-encoded (a posted form), its decoded forms: with `+` as a space (an
 * encoded form's spaces) and as itself (an address such as `maria+loja@…` written unencoded).
 */
const readings = (text: string): string[] => {
  const decode = (t: string): string | null => {
    try {
      return decodeURIComponent(t);
    } catch {
      return null;
    }
  };
  const found = [text, decode(text.replace(/\+/g, ' ')), decode(text)].filter((t): t is string => t !== null);
  return [...new Set(found)];
};

/**
 * Whether a text posted by someone (an inbound delivery's raw body) holds one of the person's identifiers:
 * the e-mail in any case, not as the end of a longer address; a phone spelling, the CPF or the CNPJ
 * with or without punctuation, not inside a longer number. A form's URL encoding is read through.
 */
export const textHoldsPerson = (text: string | null, ids: PersonIdentifiers): boolean => {
  if (!text) return false;
  const codes = [...(ids.phone?.variants ?? []), ...(ids.cpf ? [ids.cpf] : []), ...(ids.cnpj ? [ids.cnpj.toLowerCase()] : [])];
  const email = ids.email ? new RegExp(`${EMAIL_BEFORE}${escapeRegExp(ids.email)}${EMAIL_AFTER}`) : null;
  const code = codes.length ? new RegExp(`(?<![0-9a-z])(?:${codes.map(escapeRegExp).join('|')})(?![0-9a-z])`) : null;
  return readings(text).some((reading) => {
    const lower = reading.toLowerCase();
    if (email?.test(lower)) return true;
    return code !== null && code.test(lower.replace(FORMATTING, ''));
  });
};

const groups = (value: string, sizes: readonly number[]): string[] => {
  const out: string[] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(value.slice(at, at + size));
    at += size;
  }
  return out;
};

/**
 * Text fragments, lower case, that any spelling of an identifier holds in this order (with anything
 * between them): what storage narrows free text by before `textHoldsPerson` decides. The e-mail's are its
 * runs of letters and digits; a Brazilian phone's its last eight digits in two halves, shared by the forms
 * with and without the ninth digit; the CPF and CNPJ's the groups their punctuation separates.
 */
export const personTextFragments = (ids: PersonIdentifiers): string[][] => {
  const out: string[][] = [];
  // The address's letters and digits: whatever encodes the `@`, `.` or `+` between them.
  if (ids.email) out.push(ids.email.split(/[^a-z0-9]+/).filter(Boolean));
  if (ids.phone) {
    const last = ids.phone.international[0].slice(-8);
    // A Brazilian number keeps its last four digits together, and the four before them; other countries
    // group digits their own way, so each digit stands alone.
    out.push(ids.phone.variants.length > 1 && last.length === 8 ? [last.slice(0, 4), last.slice(4)] : [...last]);
  }
  if (ids.cpf) out.push(groups(ids.cpf, [3, 3, 3, 2]));
  if (ids.cnpj) out.push(groups(ids.cnpj.toLowerCase(), [2, 3, 3, 4, 2]));
  return out;
};
