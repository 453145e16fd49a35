// How an inbound payload becomes the fields of one or more leads or deals: `{ "<target>": "<path>" }`.
// A target without a mapping is read from a top-level key of its name (or its Portuguese name).
import { ValidationFailed } from '../shared/errors';
import { Text } from '../shared/limits';
import { Reading, readEmail, readMoney, readPhone, text } from './inbound-values';
import {
  PathSegment,
  PathSyntaxError,
  checkMappingPath,
  parseMappingPath,
  parsedPaths,
  quotePath,
  readPath,
  readSegments,
} from './mapping-path';
import { LimitWarning, RESERVED_KEYS, boundFreeForm, boundTags, boundText } from './record-limits';

export const MAPPING_TARGETS = [
  'full_name',
  'email',
  'phone',
  'title',
  'description',
  'value',
  'source',
  'company_name',
  'notes',
  'tags',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;
export type MappingTarget = (typeof MAPPING_TARGETS)[number];

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/**
 * Target (`full_name`, `custom_fields.plan`, `metadata.form_id`…) → a path in the payload, or several
 * paths whose texts are joined with a space (`["first_name", "last_name"]`). Paths follow the grammar
 * of `parseMappingPath` (mapping-path.ts), which keeps plain dot paths meaning what they always meant.
 */
export type FieldMapping = Record<string, string | string[]>;

const FREE_TARGET = /^(custom_fields|metadata)\.[^.\s]+$/;
// Enough for first + middle + last name; a longer list is a mistake, not a name.
const MAX_JOINED_PATHS = 5;

export const isMappingTarget = (t: string): boolean => (MAPPING_TARGETS as readonly string[]).includes(t) || FREE_TARGET.test(t);

/** The paths of a target as a list, whichever form it was configured in. */
const pathsOf = (configured: string | string[]): string[] => (Array.isArray(configured) ? configured : [configured]);

/** Where a path's `[*]` is: the segments before it, or null without one. */
const eachPrefix = (segments: readonly PathSegment[]): PathSegment[] | null => {
  const at = segments.findIndex((s) => s.kind === 'each');
  return at < 0 ? null : segments.slice(0, at);
};

// Bare and quoted spellings of one key are the same step (`leads[*]` and `"leads"[*]`).
const prefixKey = (prefix: readonly PathSegment[]): string =>
  JSON.stringify(prefix.map((s) => (s.kind === 'key' ? { kind: 'key', key: s.key } : s)));

const invalidPath = (target: string, path: string, why: string, field: string): ValidationFailed =>
  new ValidationFailed(`field_mapping.${target} path ${quotePath(path)} is not valid: ${why}`, field);

/** The segments of a target's path; a malformed path is refused naming the target and the path. */
const targetPath = <T>(target: string, path: string, field: string, parse: (path: string) => T): T => {
  try {
    return parse(path);
  } catch (err) {
    if (err instanceof PathSyntaxError) throw invalidPath(target, path, err.message, field);
    throw err;
  }
};

/**
 * A mapping as configured: an object of known targets to non-empty paths (or lists of paths). A path
 * may hold one `[*]` at most, and every `[*]` of the mapping must sit on the same array, since that
 * array decides how many records a delivery makes.
 */
export const parseFieldMapping = (raw: unknown, field = 'field_mapping'): FieldMapping => {
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ValidationFailed('field_mapping must be an object', field);
  const out: FieldMapping = {};
  let each: { key: string; target: string; path: string } | null = null;
  for (const [target, configured] of Object.entries(raw as Record<string, unknown>)) {
    if (!isMappingTarget(target)) {
      throw new ValidationFailed(
        `field_mapping target ${target} is unknown; use one of ${MAPPING_TARGETS.join(', ')}, custom_fields.<key> or metadata.<key>`,
        field,
      );
    }
    const key = FREE_TARGET.test(target) ? target.slice(target.indexOf('.') + 1) : null;
    if (key !== null && RESERVED_KEYS.includes(key)) {
      throw new ValidationFailed(`field_mapping target ${target} is not allowed: ${RESERVED_KEYS.join(', ')} cannot be keys`, field);
    }
    const list = Array.isArray(configured) ? configured : [configured];
    if (!list.length || list.length > MAX_JOINED_PATHS || list.some((p) => typeof p !== 'string' || !p.trim())) {
      throw new ValidationFailed(
        `field_mapping.${target} must be a path in the payload, or a list of 1 to ${MAX_JOINED_PATHS} paths`,
        field,
      );
    }
    const paths = (list as string[]).map((p) => p.trim());
    for (const path of paths) {
      const refuse = (why: string): ValidationFailed => invalidPath(target, path, why, field);
      const segments = targetPath(target, path, field, parseMappingPath);
      if (segments.filter((s) => s.kind === 'each').length > 1) throw refuse('only one [*] per path');
      const prefix = eachPrefix(segments);
      if (!prefix) continue;
      const key = prefixKey(prefix);
      if (each && each.key !== key) {
        throw refuse(`every [*] of a mapping must be on the same array; field_mapping.${each.target} has ${JSON.stringify(each.path)}`);
      }
      each = each ?? { key, target, path };
    }
    out[target] = Array.isArray(configured) ? paths : paths[0];
  }
  return out;
};

/** The fields an inbound payload carries for the actions, after the mapping. */
export interface InboundFields {
  fullName: string | null;
  email: string | null;
  /** `+` and the digits with the country code (`+5511987654321`), as leads store it; null when unreadable. */
  phone: string | null;
  title: string | null;
  description: string | null;
  value: number | null;
  source: string | null;
  companyName: string | null;
  notes: string | null;
  tags: string[];
  utm: Record<UtmKey, string | null>;
  customFields: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/** A value that was sent but could not be read; it is also written into the record's notes. */
export interface FieldWarning {
  field: string;
  value: unknown;
  reason: string;
}

/** One lead (or deal) of a delivery, with what could not be read in it. */
export interface InboundRecord {
  fields: InboundFields;
  warnings: FieldWarning[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at a path (`lead.contact.phone`, `answers.0.value`, `answers[field.ref=email].email`); undefined when absent. */
export const valueAt = (payload: unknown, path: string): unknown => readPath(payload, path);

export { checkMappingPath, readPath };

const tagsOf = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.map(text).filter((t): t is string => t !== null);
  const s = text(v);
  return s
    ? s
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
    : [];
};

/**
 * Keys read when a target has no mapping, in priority order: the target's own name first (English
 * keys keep priority), then what Brazilian forms call it. A key matches ignoring case, accents and
 * punctuation (`E-mail`, `Observações`), after an exact match of the same key.
 */
const DEFAULT_KEYS: Partial<Record<string, string[]>> = {
  full_name: ['full_name', 'name', 'nome_completo', 'nome'],
  email: ['email', 'e_mail'],
  phone: ['phone', 'telefone', 'celular', 'whatsapp'],
  company_name: ['company_name', 'empresa'],
  notes: ['notes', 'message', 'mensagem', 'observacoes'],
  value: ['value', 'valor'],
};

const fold = (key: string): string =>
  key
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** The values of the top-level keys an unmapped target reads, in the order of its keys, blanks left out. */
const defaultValues = (root: unknown, target: string): unknown[] => {
  if (!isRecord(root)) return [];
  const found: unknown[] = [];
  for (const key of DEFAULT_KEYS[target] ?? [target]) {
    if (Object.prototype.hasOwnProperty.call(root, key) && !isBlank(root[key])) found.push(root[key]);
    const loose = Object.keys(root).find((k) => k !== key && fold(k) === key);
    if (loose !== undefined && !isBlank(root[loose])) found.push(root[loose]);
  }
  return found;
};

/**
 * The value of a top-level key for an unmapped target: the first key's. A form often has a landline
 * field beside a WhatsApp one, so the phone reads them all as one list: the first mobile is the lead's
 * phone and the others go to the notes (`readPhone`).
 */
const defaultValue = (root: unknown, target: string): unknown => {
  const values = defaultValues(root, target);
  if (target !== 'phone' || values.length < 2) return values[0];
  const texts = values.map(text);
  return texts.every((t): t is string => t !== null) ? [...new Set(texts)].join(', ') : values[0];
};

const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/** How one record reads a path: per-item paths from its item, the others from the whole payload. */
interface RecordScope {
  read(segments: readonly PathSegment[]): unknown;
  /** Where unmapped targets and top-level `custom_fields` / `metadata` are read. */
  root: unknown;
}

type CompiledMapping = Array<[target: string, paths: (readonly PathSegment[])[]]>;

// Each path is parsed once for all deliveries (`parsedPaths`). A mapping stored before a grammar change
// may no longer parse: that refuses the delivery, never crashes it.
const compile = (mapping: FieldMapping): CompiledMapping =>
  Object.entries(mapping).map(([target, configured]) => [
    target,
    pathsOf(configured).map((path) => targetPath(target, path, 'field_mapping', parsedPaths.get)),
  ]);

/** The most records one delivery makes unless the caller says otherwise (`INBOUND_MAX_RECORDS`). */
export const DEFAULT_MAX_RECORDS = 500;

/**
 * A payload of more records than a delivery may make: refused whole, before any record is read, so that
 * 1 MB of `[0,0,…]` costs the receiver no more than a count.
 */
export class TooManyRecords extends ValidationFailed {
  constructor(
    readonly records: number,
    readonly max: number,
  ) {
    super(`The payload holds ${records} records; a delivery may make at most ${max}`, 'body');
  }
}

const startsAtArray = (segments: readonly PathSegment[]): boolean => {
  const first = segments[0];
  return first.kind === 'index' || first.kind === 'each' || (first.kind === 'key' && first.bare && /^\d+$/.test(first.key));
};

/**
 * The records of a delivery. A mapping with `[*]` makes one per item of that array (an empty or
 * missing array still makes one, so the caller can say what is missing). A payload that is itself an
 * array makes one per element, paths read inside the element, unless a path starts at the array
 * (`0.email`, `[*].email`), which then reads the payload as a whole.
 */
const scopesOf = (payload: unknown, compiled: CompiledMapping, max: number): RecordScope[] => {
  const within = (list: unknown[]): unknown[] => {
    if (list.length > max) throw new TooManyRecords(list.length, max);
    return list;
  };
  const all = compiled.flatMap(([, paths]) => paths);
  const withEach = all.find((segments) => eachPrefix(segments));
  if (withEach) {
    const prefix = eachPrefix(withEach)!;
    const key = prefixKey(prefix);
    const items = readSegments(payload, prefix);
    const list: unknown[] = Array.isArray(items) && items.length ? within(items) : [undefined];
    return list.map((item) => ({
      root: item,
      read: (segments) => {
        const p = eachPrefix(segments);
        return p && prefixKey(p) === key ? readSegments(item, segments.slice(p.length + 1)) : readSegments(payload, segments);
      },
    }));
  }
  if (Array.isArray(payload) && !all.some(startsAtArray)) {
    const list: unknown[] = payload.length ? within(payload) : [undefined];
    return list.map((element) => ({ root: element, read: (segments) => readSegments(element, segments) }));
  }
  return [{ root: payload, read: (segments) => readSegments(payload, segments) }];
};

const show = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

const recordOf = (scope: RecordScope, compiled: CompiledMapping): InboundRecord => {
  const mapped = new Map(compiled);
  const read = (target: string): unknown => {
    const paths = mapped.get(target);
    if (!paths) return defaultValue(scope.root, target);
    if (paths.length === 1) return scope.read(paths[0]);
    // First + last name: the parts that are there, one space between them.
    const parts = paths.map((p) => text(scope.read(p))).filter((t): t is string => t !== null);
    return parts.length ? parts.join(' ') : undefined;
  };
  // Within the API's limits; what is cut or left out is reported, never written into the notes.
  const limited: LimitWarning[] = [];
  const free = (prefix: 'custom_fields' | 'metadata'): Record<string, unknown> => {
    const own = isRecord(scope.root) ? scope.root[prefix] : undefined;
    const mappedEntries: [string, unknown][] = [];
    for (const [target] of compiled) {
      if (!target.startsWith(`${prefix}.`)) continue;
      const v = read(target);
      if (v !== undefined) mappedEntries.push([target.slice(prefix.length + 1), v]);
    }
    // Mapped keys win over the payload's own, and come first, so they are kept first.
    const mappedKeys = new Set(mappedEntries.map(([k]) => k));
    const ownEntries = isRecord(own) ? Object.entries(own).filter(([k]) => !mappedKeys.has(k)) : [];
    return boundFreeForm(prefix, [...mappedEntries, ...ownEntries], limited);
  };
  const short = (field: string, v: unknown, max: number = Text.name): string | null => boundText(field, text(v), max, limited);

  const warnings: FieldWarning[] = [];
  const extraNotes: string[] = [];
  const checked = <T>(field: string, raw: unknown, reading: Reading<T>): T | null => {
    if (reading.problem) warnings.push({ field, value: raw, reason: reading.problem });
    for (const other of reading.others ?? []) extraNotes.push(`${field} also given: ${other}`);
    return reading.value;
  };
  const rawPhone = read('phone');
  const rawEmail = read('email');
  const rawValue = read('value');
  const phone = checked('phone', rawPhone, readPhone(rawPhone));
  const email = checked('email', rawEmail, readEmail(rawEmail));
  const value = checked('value', rawValue, readMoney(rawValue));
  // Nothing a person sent is lost: what could not be read goes into the notes, beside their own.
  const notes = [
    text(read('notes')),
    ...extraNotes,
    ...warnings.map((w) => `${w.field} ${JSON.stringify(show(w.value))} not read: ${w.reason}`),
  ].filter((line): line is string => !!line);

  return {
    fields: {
      fullName: short('full_name', read('full_name')),
      email,
      phone,
      title: short('title', read('title')),
      description: short('description', read('description'), Text.long),
      value,
      source: short('source', read('source')),
      companyName: short('company_name', read('company_name')),
      notes: boundText('notes', notes.length ? notes.join('\n') : null, Text.long, limited),
      tags: boundTags(tagsOf(read('tags')), limited),
      utm: Object.fromEntries(UTM_KEYS.map((k) => [k, short(k, read(k))])) as Record<UtmKey, string | null>,
      customFields: free('custom_fields'),
      metadata: free('metadata'),
    },
    warnings: [...warnings, ...limited],
  };
};

/**
 * Reads every record of a delivery (see `scopesOf`; always at least one). In each, a mapped target
 * reads its path(s); an unmapped one a top-level key (`DEFAULT_KEYS`). Top-level `custom_fields` and
 * `metadata` objects are kept, and mapped keys are added to them. A phone, e-mail or value that
 * cannot be read becomes null with a warning, never a refusal: the caller decides, with
 * `requireContactPoint`, whether what is left is a lead. A payload of more than `max` records is refused
 * (`TooManyRecords`) before any is read.
 */
export const mapInboundRecords = (payload: unknown, mapping: FieldMapping, max = DEFAULT_MAX_RECORDS): InboundRecord[] => {
  const compiled = compile(mapping);
  return scopesOf(payload, compiled, max).map((scope) => recordOf(scope, compiled));
};

/** The first record's fields: the receiver's reading before it handled several records per delivery. */
export const mapInboundPayload = (payload: unknown, mapping: FieldMapping): InboundFields => mapInboundRecords(payload, mapping)[0].fields;

/** An action needs someone to reach: a payload without a name, a phone and an email is refused. */
export const requireContactPoint = (fields: InboundFields): void => {
  if (!fields.fullName && !fields.phone && !fields.email) {
    throw new ValidationFailed('The payload has no name, phone or email', 'full_name');
  }
};

/** The full UTM set as the `first` touch of an attribution; null when the payload carries none. */
export const attributionOf = (fields: InboundFields): Record<string, unknown> | null =>
  Object.values(fields.utm).some((v) => v !== null) ? { first: { ...fields.utm } } : null;
