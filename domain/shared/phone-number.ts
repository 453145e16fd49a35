// A phone number: digits with the country code, read from what people type. WhatsApp contacts and
// project leads both keep people by it.
// Numbering plans change; libphonenumber-js carries them (a pure library with no I/O), so the domain
// leans on it instead of keeping its own tables. Only the Brazilian "9th digit" rule is ours, because
// WhatsApp still knows accounts by the number they had before mobiles gained the leading 9.
import { parsePhoneNumberFromString, PhoneNumber as ParsedNumber } from 'libphonenumber-js/max';
import { ValidationFailed } from '../shared/errors';

const BRAZIL = '55';
// What people write around the digits; anything else (letters, `#`, `*`) is not a phone number.
const FORMATTING = /^\+?[\d\s().\-/]+$/;
// Before 2012–2016 Brazilian mobiles had 8 digits starting 6–9; fixed lines start 2–5 and never
// gained a 9, so only this range has a variant.
const OLD_MOBILE_START = /^[6-9]/;
// E.164 caps a number at 15 digits; the shortest real subscriber numbers are a handful.
const E164_DIGITS = /^\d{6,15}$/;
// Invisible format characters: WhatsApp Desktop wraps a copied number in direction marks (U+202A…U+202C,
// U+2066…U+2069, U+200E/U+200F); zero-width spaces and a byte order mark come along from spreadsheets.
const INVISIBLE = /\p{Cf}/gu;
// Every dash (the non-breaking hyphen of word processors, en and em dashes) and the minus sign.
const DASHES = /[\p{Pd}\u2212]/gu;
const SPACES = /\p{Zs}/gu;
// `0xx11`: the trunk 0 and a placeholder for the long-distance carrier code, before the area code.
const CARRIER_PLACEHOLDER = /^(\(?)\s*0\s*xx\s*(?=\d)/i;
// An extension after the number (`ramal 12`, `r. 12`, `ext. 12`, `x12`) is not part of the number dialled.
const EXTENSION = /[\s,;]*(?:ramal|r\.|ext\.?|extens[aã]o|x)\s*:?\s*\d{1,6}$/i;

export class PhoneNumber {
  private constructor(
    /** Digits with the country code, as they will be stored and sent. */
    readonly digits: string,
  ) {}

  /**
   * Reads a number typed by a person: formatting is stripped, an unambiguous local Brazilian number
   * (area code included) gains `55`, any other number must carry its country code.
   */
  static parse(input: unknown, field = 'phone'): PhoneNumber {
    const invalid = (why: string): ValidationFailed => new ValidationFailed(`${field} ${why}`, field);
    if (typeof input !== 'string') throw invalid('must be a string');
    const raw = PhoneNumber.clean(input);
    if (!raw) throw invalid('must not be empty');
    if (!FORMATTING.test(raw)) throw invalid('may contain only digits and formatting');
    const digits = raw.replace(/\D/g, '');
    if (!digits) throw invalid('must contain digits');

    const explicitlyInternational = raw.startsWith('+') || digits.startsWith('00');
    if (explicitlyInternational) {
      const parsed = parse(`+${digits.replace(/^00/, '')}`);
      const found = parsed && accept(parsed);
      if (!found) throw invalid('is not a valid number');
      return new PhoneNumber(found);
    }
    // Without `+`, a Brazilian reading comes first: local numbers here are the common case.
    const asBrazilian = parse(raw, true);
    const brazilian = asBrazilian && asBrazilian.countryCallingCode === BRAZIL ? accept(asBrazilian) : null;
    if (brazilian) return new PhoneNumber(brazilian);
    // Digits that are not a Brazilian number may be a foreign number written with its country code.
    const asInternational = parse(`+${digits}`);
    const foreign = asInternational && asInternational.countryCallingCode !== BRAZIL ? accept(asInternational) : null;
    if (foreign) return new PhoneNumber(foreign);
    throw invalid('must be a local Brazilian number with area code, or carry its country code');
  }

  /**
   * The number as written, without what people's tools add around it: compatibility forms (fullwidth
   * digits), invisible marks, Unicode dashes and spaces as plain ones, `0xx` read as the trunk prefix, and
   * a trailing extension dropped. What is left is checked as before.
   */
  static clean(input: string): string {
    return input
      .normalize('NFKC')
      .replace(INVISIBLE, '')
      .replace(DASHES, '-')
      .replace(SPACES, ' ')
      .trim()
      .replace(CARRIER_PLACEHOLDER, '$10')
      .replace(EXTENSION, '')
      .trim();
  }

  /**
   * A number that the provider reports (a WhatsApp id such as `wa_id` or the user part of a JID):
   * already international, so it is taken as is when the numbering plan does not know it.
   */
  static fromProvider(waId: string): PhoneNumber {
    const digits = waId.replace(/@.*$/, '').replace(/\D/g, '');
    if (!E164_DIGITS.test(digits)) throw new ValidationFailed('phone is not a WhatsApp number', 'phone');
    const parsed = parse(`+${digits}`);
    return new PhoneNumber((parsed && accept(parsed)) ?? digits);
  }

  /** A number read back from storage: it was validated when it came in. */
  static restore(digits: string): PhoneNumber {
    return new PhoneNumber(digits);
  }

  get isBrazilian(): boolean {
    return this.digits.startsWith(BRAZIL) && (this.digits.length === 12 || this.digits.length === 13);
  }

  /** The WhatsApp address of the number. */
  get jid(): string {
    return `${this.digits}@s.whatsapp.net`;
  }

  /**
   * Every spelling of this person's number: itself and, for a Brazilian mobile, the form with or
   * without the 9th digit. Its own digits come first.
   */
  variants(): string[] {
    const other = this.ninthDigitVariant();
    return other ? [this.digits, other] : [this.digits];
  }

  /**
   * One key for all the variants of a number (the Brazilian mobile with its 9th digit), so storage can
   * find a person by equality and keep one contact per person with a unique index.
   */
  get canonical(): string {
    const isOldMobileForm = this.isBrazilian && this.digits.length === 12;
    return (isOldMobileForm && this.ninthDigitVariant()) || this.digits;
  }

  sameAs(other: PhoneNumber): boolean {
    return this.canonical === other.canonical;
  }

  private ninthDigitVariant(): string | null {
    if (!this.isBrazilian) return null;
    const area = this.digits.slice(2, 4);
    const subscriber = this.digits.slice(4);
    if (subscriber.length === 9 && subscriber.startsWith('9') && OLD_MOBILE_START.test(subscriber.slice(1))) {
      return BRAZIL + area + subscriber.slice(1);
    }
    if (subscriber.length === 8 && OLD_MOBILE_START.test(subscriber)) return BRAZIL + area + '9' + subscriber;
    return null;
  }
}

function parse(text: string, brazilianByDefault = false): ParsedNumber | undefined {
  return brazilianByDefault
    ? parsePhoneNumberFromString(text, { defaultCountry: 'BR', extract: false })
    : parsePhoneNumberFromString(text, { extract: false });
}

/** The digits of a number the numbering plan accepts, or null. */
function accept(n: ParsedNumber): string | null {
  if (n.ext) return null;
  if (n.isValid()) return `${n.countryCallingCode}${n.nationalNumber}`;
  if (n.countryCallingCode !== BRAZIL) return null;
  // A Brazilian mobile written without its 9th digit is still the person's WhatsApp number.
  const national = n.nationalNumber;
  if (national.length !== 10 || !OLD_MOBILE_START.test(national.slice(2))) return null;
  const withNinth = parsePhoneNumberFromString(`+${BRAZIL}${national.slice(0, 2)}9${national.slice(2)}`);
  return withNinth?.isValid() && withNinth.getType() === 'MOBILE' ? `${BRAZIL}${national}` : null;
}
