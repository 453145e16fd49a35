import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ValidationFailed } from '../../../domain/shared/errors';
import { isUuid } from '../../../domain/shared/values';

// One ajv for the whole app; schemas are compiled once, when a route module is built. Every problem
// is collected (allErrors), and `verbose` keeps the schema that failed, to describe it in plain words.
const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, coerceTypes: false, useDefaults: false });
addFormats(ajv, ['date', 'date-time', 'email', 'uuid', 'uri']);

/** One problem of a request: `field` is the request field (`tags`), `message` says where inside (`tags[1]`). */
export interface FieldProblem {
  field: string | undefined;
  message: string;
}

/** At most this many problems are described for one request: a list of 10 000 bad items is one mistake. */
const MAX_PROBLEMS = 20;

const FORMATS: Record<string, string> = {
  date: 'a date YYYY-MM-DD',
  'date-time': 'an ISO 8601 date-time',
  email: 'an email address',
  uuid: 'a UUID',
  uri: 'a URL',
};
const TYPES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

type Schema = Record<string, unknown>;

/** What a schema accepts, in words: `a UUID or null`, `one of: low, medium`. */
export function describeSchema(schema: Schema): string {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Schema[]).map(describeSchema).join(' or ');
  if (Array.isArray(schema.enum)) return `one of: ${(schema.enum as unknown[]).join(', ')}`;
  if (typeof schema.format === 'string' && FORMATS[schema.format]) return FORMATS[schema.format];
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object') {
    const item = describeSchema(schema.items as Schema);
    return item === 'a value' ? 'a list' : `a list of ${item.replace(/^an? /, '')}s`;
  }
  const types = ([] as unknown[]).concat(schema.type ?? []).map((t) => TYPES[String(t)] ?? String(t));
  return types.length > 0 ? types.join(' or ') : 'a value';
}

/** Longer locations (a value nested thousands of levels deep) are cut: the message names where it starts. */
const MAX_LOCATION = 120;

/** `tags[1]`, `address.city`: where a problem is, from the keys leading to it. */
export const locationOf = (segments: readonly string[]): string => {
  let at = '';
  for (const [i, s] of segments.entries()) {
    at = i === 0 ? s : /^\d+$/.test(s) ? `${at}[${s}]` : `${at}.${s}`;
    if (at.length > MAX_LOCATION) return `${at.slice(0, MAX_LOCATION)}…`;
  }
  return at;
};

const pointerSegments = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

function problemOf(e: ErrorObject): FieldProblem {
  const segments = pointerSegments(e.instancePath);
  const params = e.params as { limit?: number; missingProperty?: string };
  if (e.keyword === 'required') segments.push(String(params.missingProperty));
  const field = segments[0];
  const at = locationOf(segments) || 'body';
  const schema = (e.parentSchema ?? {}) as Schema;
  // A key of a free-form object that its `propertyNames` refuses: said as the object's key, not its value.
  if (e.propertyName !== undefined || e.keyword === 'propertyNames') {
    return {
      field,
      message:
        e.keyword === 'maxLength'
          ? `a key of ${at} must be at most ${params.limit} characters long`
          : `${at} has a key that is not allowed`,
    };
  }
  switch (e.keyword) {
    case 'required':
      return { field, message: `${at} is required` };
    case 'type':
    case 'format':
    case 'anyOf':
    case 'enum':
      return { field, message: `${at} must be ${describeSchema(schema)}` };
    case 'minLength':
      return { field, message: params.limit === 1 ? `${at} must not be empty` : `${at} must be at least ${params.limit} characters long` };
    case 'maxLength':
      return { field, message: `${at} must be at most ${params.limit} characters long` };
    case 'maxItems':
      return { field, message: `${at} must have at most ${params.limit} items` };
    case 'maxProperties':
      return { field, message: `${at} must have at most ${params.limit} keys` };
    case 'pattern':
      return { field, message: schema.pattern === '\\S' ? `${at} must not be empty` : `${at} must match ${String(schema.pattern)}` };
    case 'minimum':
      return { field, message: `${at} must be ${params.limit} or more` };
    case 'maximum':
      return { field, message: `${at} must be ${params.limit} or less` };
    default:
      return { field, message: `${at} ${e.message}` };
  }
}

/** `/a/b/0` → `['', '/a', '/a/b', '/a/b/0']`: the instance paths an error's value lies under. */
const pathPrefixes = (path: string): string[] => {
  const prefixes = [''];
  for (let i = path.indexOf('/', 1); i !== -1; i = path.indexOf('/', i + 1)) prefixes.push(path.slice(0, i));
  if (path) prefixes.push(path);
  return prefixes;
};

/** Keywords that fail only a value of the branch's type: the value took that branch's shape (a text too long). */
const TYPE_MATCHED = new Set([
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minimum',
  'maximum',
]);

/**
 * ajv's errors as problems people can act on, one per place in the request (the first that failed
 * there), in the order ajv checked them. An `anyOf` is said as a whole (`a UUID or null`), unless the
 * value took the shape of one branch and failed deeper inside it (`address.city must be a string`) or
 * failed a bound of that branch (`notes must be at most 10000 characters long`).
 * Linear in the errors: a body with thousands of bad values costs no more than reading them.
 */
export function problemsOf(errors: ErrorObject[]): FieldProblem[] {
  const anyOfAt = new Map<string, ErrorObject[]>();
  for (const e of errors) if (e.keyword === 'anyOf') anyOfAt.set(e.instancePath, [...(anyOfAt.get(e.instancePath) ?? []), e]);
  /** anyOf errors whose value failed deeper inside a branch: the deeper problem is said instead. */
  const superseded = new Set<ErrorObject>();
  /** Branch errors at the anyOf's own place: the anyOf says them as a whole. */
  const folded = new Set<ErrorObject>();
  if (anyOfAt.size > 0) {
    for (const e of errors) {
      if (e.keyword === 'anyOf') continue;
      for (const prefix of pathPrefixes(e.instancePath)) {
        for (const any of anyOfAt.get(prefix) ?? []) {
          if (!e.schemaPath.startsWith(`${any.schemaPath}/`)) continue;
          if (e.instancePath.length > any.instancePath.length || TYPE_MATCHED.has(e.keyword)) superseded.add(any);
          else folded.add(e);
        }
      }
    }
  }
  const kept = errors.filter((e) => !superseded.has(e) && !folded.has(e));
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const e of kept) {
    const place =
      e.keyword === 'required' ? `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}` : e.instancePath;
    if (seen.has(place)) continue;
    seen.add(place);
    problems.push(problemOf(e));
    if (problems.length >= MAX_PROBLEMS) break;
  }
  return problems;
}

/** A problem as `details.errors` lists it: `field` left out when the problem is the body itself. */
export const asDetail = (p: FieldProblem): { field?: string; message: string } =>
  p.field === undefined ? { message: p.message } : { field: p.field, message: p.message };

type Lowering = (value: unknown) => unknown;

/**
 * What reads the UUIDs a schema holds (`format: uuid`, in objects, lists and unions) in lower case, or
 * null when it holds none. A UUID is the same id in any case, and PostgreSQL compares it so; path and
 * query ids are already read in lower case (`pathId`, `Q.uuid`), so every backend sees one spelling.
 */
function uuidLowering(schema: Schema): Lowering | null {
  if (schema.format === 'uuid') return (v) => (isUuid(v) ? v.toLowerCase() : v);
  const steps: Lowering[] = [];
  for (const branch of (schema.anyOf as Schema[] | undefined) ?? []) {
    const lower = uuidLowering(branch);
    if (lower) steps.push(lower);
  }
  if (schema.items && typeof schema.items === 'object') {
    const lower = uuidLowering(schema.items as Schema);
    if (lower) steps.push((v) => (Array.isArray(v) ? v.map(lower) : v));
  }
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>)
    .map(([key, s]) => [key, uuidLowering(s)] as const)
    .filter((p): p is readonly [string, Lowering] => p[1] !== null);
  if (properties.length > 0) {
    steps.push((v) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
      const copy: Record<string, unknown> = { ...v };
      for (const [key, lower] of properties) if (Object.prototype.hasOwnProperty.call(copy, key)) copy[key] = lower(copy[key]);
      return copy;
    });
  }
  return steps.length === 0 ? null : (v) => steps.reduce((acc, step) => step(acc), v);
}

/** A schema compiled by the app's one ajv, for a checker that says its own problems (query parameters). */
export const compiled = (schema: object): ValidateFunction => ajv.compile(schema);

/**
 * A checker for one JSON schema: returns the value typed, its UUIDs in lower case, or throws 400
 * VALIDATION_ERROR naming the first bad field.
 */
export function validator<T>(schema: object): (value: unknown) => T {
  const check: ValidateFunction = ajv.compile(schema);
  const lower = uuidLowering(schema as Schema);
  return (value: unknown): T => {
    if (check(value)) return (lower ? lower(value) : value) as T;
    const problems = problemsOf(check.errors!);
    throw new ValidationFailed(problems[0].message, problems[0].field, 'VALIDATION_ERROR', { errors: problems.map(asDetail) });
  };
}

/** An update body: an object, at least one of `fields` present (else 400 VALIDATION_ERROR). */
export function requireSomeField(body: Record<string, unknown>, fields: readonly string[]): void {
  if (!fields.some((f) => body[f] !== undefined)) {
    throw new ValidationFailed(`Send at least one of: ${fields.join(', ')}`);
  }
}
