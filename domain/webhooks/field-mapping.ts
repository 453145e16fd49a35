// How an inbound payload becomes the fields of a lead or deal: `{ "<target>": "<dot.path>" }`.
// A target without a mapping is read from the payload's top-level key of the same name.
import { ValidationFailed } from '../shared/errors';

export const MAPPING_TARGETS = [
  'full_name', 'email', 'phone', 'title', 'description', 'value', 'source', 'company_name', 'notes', 'tags',
  'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content',
] as const;
export type MappingTarget = (typeof MAPPING_TARGETS)[number];

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** Target (`full_name`, `custom_fields.plan`, `metadata.form_id`…) → dot path in the payload. */
export type FieldMapping = Record<string, string>;

const FREE_TARGET = /^(custom_fields|metadata)\.[^.\s]+$/;
const PATH = /^[^.\s]+(\.[^.\s]+)*$/;

export const isMappingTarget = (t: string): boolean =>
  (MAPPING_TARGETS as readonly string[]).includes(t) || FREE_TARGET.test(t);

/** A mapping as configured: an object of known targets to non-empty dot paths. */
export const parseFieldMapping = (raw: unknown, field = 'field_mapping'): FieldMapping => {
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ValidationFailed('field_mapping must be an object', field);
  const out: FieldMapping = {};
  for (const [target, path] of Object.entries(raw as Record<string, unknown>)) {
    if (!isMappingTarget(target)) {
      throw new ValidationFailed(`field_mapping target ${target} is unknown; use one of ${MAPPING_TARGETS.join(', ')}, custom_fields.<key> or metadata.<key>`, field);
    }
    if (typeof path !== 'string' || !PATH.test(path.trim())) {
      throw new ValidationFailed(`field_mapping.${target} must be a dot path in the payload`, field);
    }
    out[target] = path.trim();
  }
  return out;
};

/** The fields an inbound payload carries for the actions, after the mapping. */
export interface InboundFields {
  fullName: string | null;
  email: string | null;
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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at a dot path (`lead.contact.phone`, `answers.0.value`); undefined when absent. */
export const valueAt = (payload: unknown, path: string): unknown => {
  let current: unknown = payload;
  for (const part of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(part)) current = current[Number(part)];
    else if (isRecord(current) && Object.prototype.hasOwnProperty.call(current, part)) current = current[part];
    else return undefined;
  }
  return current;
};

const text = (v: unknown): string | null => {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return null;
};

const number = (v: unknown, target: string): number | null => {
  if (v === undefined || v === null || v === '') return null;
  // Forms send `1.500,00` or `1500.00`; only plain numbers are taken, the rest is an error to see.
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim().replace(',', '.')) : NaN;
  if (!Number.isFinite(n)) throw new ValidationFailed(`${target} must be a number`, target);
  return n;
};

const tagsOf = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.map(text).filter((t): t is string => t !== null);
  const s = text(v);
  return s ? s.split(',').map((t) => t.trim()).filter(Boolean) : [];
};

/**
 * Reads every target from the payload. A mapped target reads its path; an unmapped one the top-level
 * key of its name (`full_name` also accepts a top-level `name`, as lead forms send). Free objects
 * `custom_fields` and `metadata` at the top level are kept, and mapped keys are added to them.
 */
export const mapInboundPayload = (payload: unknown, mapping: FieldMapping): InboundFields => {
  const read = (target: string): unknown => {
    if (mapping[target] !== undefined) return valueAt(payload, mapping[target]);
    const direct = isRecord(payload) ? payload[target] : undefined;
    if (direct === undefined && target === 'full_name' && isRecord(payload)) return payload.name;
    return direct;
  };
  const free = (prefix: 'custom_fields' | 'metadata'): Record<string, unknown> => {
    const base = isRecord(payload) && isRecord(payload[prefix]) ? { ...(payload[prefix] as Record<string, unknown>) } : {};
    for (const [target, path] of Object.entries(mapping)) {
      if (!target.startsWith(`${prefix}.`)) continue;
      const v = valueAt(payload, path);
      if (v !== undefined) base[target.slice(prefix.length + 1)] = v;
    }
    return base;
  };
  return {
    fullName: text(read('full_name')),
    email: text(read('email')),
    phone: text(read('phone')),
    title: text(read('title')),
    description: text(read('description')),
    value: number(read('value'), 'value'),
    source: text(read('source')),
    companyName: text(read('company_name')),
    notes: text(read('notes')),
    tags: tagsOf(read('tags')),
    utm: Object.fromEntries(UTM_KEYS.map((k) => [k, text(read(k))])) as Record<UtmKey, string | null>,
    customFields: free('custom_fields'),
    metadata: free('metadata'),
  };
};

/** An action needs someone to reach: a payload without a name, a phone and an email is refused. */
export const requireContactPoint = (fields: InboundFields): void => {
  if (!fields.fullName && !fields.phone && !fields.email) {
    throw new ValidationFailed('The payload has no name, phone or email', 'full_name');
  }
};

/** The full UTM set as the `first` touch of an attribution; null when the payload carries none. */
export const attributionOf = (fields: InboundFields): Record<string, unknown> | null =>
  Object.values(fields.utm).some((v) => v !== null) ? { first: { ...fields.utm } } : null;
