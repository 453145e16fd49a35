// What a personal data erasure takes out of every copy of a person's data: the person's values (names as
// written, e-mails, each spelling of their phones, CPF and CNPJ), wherever a text or a JSON value holds them.
// A text that is only the person's name becomes the placeholder name, a text that is only one of their
// identifiers becomes null, and a value inside a longer text is replaced there, the rest kept.
import { Cnpj } from '../clients/cnpj';
import { Cpf } from '../clients/cpf';
import { PhoneNumber } from '../shared/phone-number';
import { foldText } from '../shared/search-text';

/** The one name an erased person's records carry from then on. */
export const ERASED_NAME = 'Titular removido';

/** What takes the place of an identifier inside a longer text (an e-mail in a note, a phone in a JSON key). */
export const REMOVED_VALUE = '[removido]';

/** What replaces a whole body or text that cannot be kept in part (an inbound delivery's raw body, a message). */
const MARKER_START = '[removed: personal data erasure ';
export const erasureMarker = (erasureId: string): string => `${MARKER_START}${erasureId}]`;

/** Whether a stored value is an erasure's marker: what it replaced is gone. */
export const isErasureMarker = (value: unknown): boolean => typeof value === 'string' && value.startsWith(MARKER_START);

/** The person's values as found on their records and in the request; any may be missing or blank. */
export interface PersonValues {
  names?: readonly (string | null | undefined)[];
  emails?: readonly (string | null | undefined)[];
  phones?: readonly (string | null | undefined)[];
  /** CPF and CNPJ, in any spelling. */
  documents?: readonly (string | null | undefined)[];
}

/** Shorter names are not looked for: two letters are inside too many other words. */
const MIN_NAME_LENGTH = 3;
/** Shorter phone spellings (an old eight-digit local number) are not looked for: too many other numbers hold them. */
const MIN_KEY_LENGTH = 9;

const present = (values: readonly (string | null | undefined)[] | undefined): string[] =>
  [...new Set((values ?? []).filter((v): v is string => typeof v === 'string').map((v) => v.trim()))].filter((v) => v !== '');

/** A text folded as search folds it (case, accents, compatibility forms), whitespace runs as one space, with where each folded character came from. */
interface Folded {
  text: string;
  /** For each folded character, the start and the end of the original character it came from. */
  from: number[];
  to: number[];
}

const foldMapped = (s: string): Folded => {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < s.length;) {
    const ch = String.fromCodePoint(s.codePointAt(i)!);
    const end = i + ch.length;
    if (/\s/u.test(ch)) {
      if (text.endsWith(' ')) to[to.length - 1] = end;
      else {
        text += ' ';
        from.push(i);
        to.push(end);
      }
    } else {
      const f = foldText(ch);
      for (let k = 0; k < f.length; k++) {
        from.push(i);
        to.push(end);
      }
      text += f;
    }
    i = end;
  }
  return { text, from, to };
};

const foldValue = (v: string): string => foldMapped(v).text.trim();

const WORD = /[\p{L}\p{N}]/u;
const EMAIL_BEFORE = /[\p{L}\p{N}._%+-]/u;
const EMAIL_AFTER = /[\p{L}\p{N}_-]/u;

type Span = [number, number];

/** Where `needle` (folded) stands alone in the folded text: not inside a longer word, or a longer address. */
function foldedSpans(folded: Folded, needle: string, kind: 'name' | 'email'): Span[] {
  const spans: Span[] = [];
  const t = folded.text;
  for (let at = t.indexOf(needle); at >= 0; at = t.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    const before = t.slice(Math.max(0, at - 1), at);
    const after = t.slice(end, end + 1);
    const clear =
      kind === 'name'
        ? !WORD.test(before) && !WORD.test(after)
        : !EMAIL_BEFORE.test(before) && !EMAIL_AFTER.test(after) && !(after === '.' && WORD.test(t.slice(end + 1, end + 2)));
    if (clear) spans.push([folded.from[at], folded.to[end - 1]]);
  }
  return spans;
}

const TOKEN = /[A-Za-z0-9]+/g;
/** What may stand between the parts of a spelled number or document: `+55 (11) 98765-4321`, `390.533.447-05`. */
const GAP = /^[\s().\-/]{0,3}$/;

/** Where one of `keys` is spelled, from whole letters-and-digits tokens joined by formatting only. */
function keySpans(s: string, keys: ReadonlySet<string>, longest: number): Span[] {
  const tokens = [...s.matchAll(TOKEN)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0].toUpperCase() }));
  const spans: Span[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let joined = '';
    let found = -1;
    for (let j = i; j < tokens.length; j++) {
      if (j > i && !GAP.test(s.slice(tokens[j - 1].end, tokens[j].start))) break;
      joined += tokens[j].text;
      if (joined.length > longest) break;
      if (keys.has(joined)) found = j;
    }
    if (found >= 0) {
      // The `+` of a country code and the `(` of an area code belong to the number.
      let start = tokens[i].start;
      while (start > 0 && (s[start - 1] === '+' || s[start - 1] === '(')) start--;
      spans.push([start, tokens[found].end]);
      i = found;
    }
  }
  return spans;
}

/** The spellings of a phone to look for: with and without the country code and the Brazilian ninth digit. */
function phoneKeys(raw: string): string[] {
  const read = (parse: (s: string) => PhoneNumber): PhoneNumber | null => {
    try {
      return parse(raw);
    } catch {
      return null;
    }
  };
  const number = read((s) => PhoneNumber.parse(s)) ?? read((s) => PhoneNumber.fromProvider(s));
  if (!number) return [];
  const keys: string[] = [];
  for (const v of number.variants()) {
    keys.push(v);
    if (number.isBrazilian) {
      keys.push(v.slice(2));
      if (v.length === 13) keys.push(v.slice(4));
    }
  }
  return keys.filter((k) => k.length >= MIN_KEY_LENGTH);
}

function documentKey(raw: string): { key: string; parts: string[] } | null {
  try {
    const d = Cpf.parse(raw).digits;
    return { key: d, parts: [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9), d.slice(9)] };
  } catch {
    // not a CPF
  }
  try {
    const v = Cnpj.parse(raw).value;
    return { key: v, parts: [v.slice(0, 2), v.slice(2, 5), v.slice(5, 8), v.slice(8, 12), v.slice(12)] };
  } catch {
    return null;
  }
}

const merge = (spans: Span[]): Span[] => {
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s[0] < last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push([s[0], s[1]]);
  }
  return out;
};

interface Match {
  start: number;
  end: number;
  name: boolean;
}

/**
 * A person's values and how each copy of them is rewritten. Built once per erasure from the request's
 * identifiers and the values of the records found; the same for every table, on every backend.
 */
export class Redaction {
  private constructor(
    readonly erasureId: string,
    /** Folded names of two words or more: they name the person wherever they are. */
    private readonly fullNames: string[],
    /** Folded one-word names (a WhatsApp push name): replaced only where the person is already known to be. */
    private readonly looseNames: string[],
    private readonly emails: string[],
    private readonly keys: Set<string>,
    private readonly longestKey: number,
    private readonly fragments: string[][],
  ) {}

  static of(erasureId: string, values: PersonValues): Redaction {
    const names = present(values.names).filter((n) => foldValue(n).length >= MIN_NAME_LENGTH);
    const full = names.filter((n) => foldValue(n).includes(' '));
    const emails = present(values.emails).filter((e) => e.includes('@'));
    const phones = present(values.phones).flatMap((p) => {
      const keys = phoneKeys(p);
      return keys.length ? [{ keys, parts: [keys[0].slice(-8, -4), keys[0].slice(-4)] }] : [];
    });
    const documents = present(values.documents).flatMap((d) => documentKey(d) ?? []);
    const keys = new Set([...phones.flatMap((p) => p.keys), ...documents.map((d) => d.key)]);
    const fragments = [
      ...emails.map((e) => [e.toLowerCase()]),
      ...documents.map((d) => d.parts),
      ...phones.map((p) => p.parts),
      ...full.map((n) => n.split(/\s+/)),
    ];
    const unique = <T>(xs: T[], key: (x: T) => string) => [...new Map(xs.map((x) => [key(x), x])).values()];
    return new Redaction(
      erasureId,
      unique(full.map(foldValue), (x) => x),
      unique(names.filter((n) => !full.includes(n)).map(foldValue), (x) => x),
      unique(emails.map(foldValue), (x) => x),
      keys,
      Math.max(0, ...[...keys].map((k) => k.length)),
      unique(fragments, (f) => f.join('\u0000')),
    );
  }

  /** The text that replaces a body or a message that held the person's data. */
  get marker(): string {
    return erasureMarker(this.erasureId);
  }

  /** Nothing to look for: no usable value. */
  get isEmpty(): boolean {
    return this.fullNames.length + this.looseNames.length + this.emails.length + this.keys.size === 0;
  }

  /**
   * For storage that reads candidates first: a stored text worth reading holds, for one of the lists, each of
   * its fragments in order (`%a%b%` as a case-insensitive LIKE). Only what names the person alone: an
   * e-mail, a document, a phone's last digits, a full name; a one-word name is looked for only on the rows
   * these find.
   */
  candidates(): string[][] {
    return this.fragments.map((f) => [...f]);
  }

  /** Whether the value holds an e-mail, a phone, a document or a full name of the person. */
  touches(value: unknown): boolean {
    if (typeof value === 'string') return this.matches(value, false).length > 0;
    if (typeof value === 'number') return this.keys.has(String(value));
    if (Array.isArray(value)) return value.some((v) => this.touches(v));
    if (value !== null && typeof value === 'object') {
      return Object.entries(value).some(([k, v]) => this.touches(k) || this.touches(v));
    }
    return false;
  }

  /** The text without the person: the placeholder name for a text that is only a name, null for one that is only an identifier. */
  text(value: string): string | null {
    const matches = this.matches(value, true);
    if (matches.length === 0) return value;
    const lead = value.length - value.trimStart().length;
    const trail = value.trimEnd().length;
    if (matches.length === 1 && matches[0].start <= lead && matches[0].end >= trail) return matches[0].name ? ERASED_NAME : null;
    let out = '';
    let at = 0;
    for (const m of matches) {
      out += value.slice(at, m.start) + (m.name ? ERASED_NAME : REMOVED_VALUE);
      at = m.end;
    }
    return out + value.slice(at);
  }

  /** `text`, for a field that cannot be null: an identifier alone becomes `REMOVED_VALUE`. */
  requiredText(value: string): string {
    return this.text(value) ?? REMOVED_VALUE;
  }

  /** `text`, keeping null as null. */
  optionalText(value: string | null): string | null {
    return value === null ? null : this.text(value);
  }

  /** A list of texts (tags) without the person's values; one that was only a value is dropped. */
  list(values: readonly string[]): string[] {
    return values.map((v) => this.text(v)).filter((v): v is string => v !== null && v.trim() !== '');
  }

  /**
   * A copy of a JSON value with every string, key and identifier number rewritten as `text` does. With `keep`,
   * a string that is only an identifier becomes `REMOVED_VALUE` rather than null, for values that must stay
   * text (an import row's cells).
   */
  json<T>(value: T, options: { keep?: boolean } = {}): T {
    return this.walk(value, options.keep ?? false) as T;
  }

  /** A JSON document kept as text (a fingerprint, a stored answer), rewritten as `json` does; text that is not JSON as `text` does. */
  jsonText(value: string, options: { keep?: boolean } = {}): string {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return this.requiredText(value);
    }
    return JSON.stringify(this.walk(parsed, options.keep ?? false));
  }

  private walk(value: unknown, keep: boolean): unknown {
    if (typeof value === 'string') return keep ? this.requiredText(value) : this.text(value);
    if (typeof value === 'number') return this.keys.has(String(value)) ? (keep ? REMOVED_VALUE : null) : value;
    if (Array.isArray(value)) return value.map((v) => this.walk(v, keep));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[this.requiredText(k)] = this.walk(v, keep);
      return out;
    }
    return value;
  }

  private matches(value: string, withLooseNames: boolean): Match[] {
    const folded = foldMapped(value);
    const nameSpans = [...this.fullNames, ...(withLooseNames ? this.looseNames : [])].flatMap((n) => foldedSpans(folded, n, 'name'));
    const otherSpans = [...this.emails.flatMap((e) => foldedSpans(folded, e, 'email')), ...keySpans(value, this.keys, this.longestKey)];
    const names = merge(nameSpans);
    const others = merge(otherSpans);
    const all = merge([...names, ...others]);
    return all.map(([start, end]) => ({ start, end, name: names.some(([s, e]) => s === start && e === end) }));
  }
}
