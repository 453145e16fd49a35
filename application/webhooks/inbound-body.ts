// What a stored inbound body says: JSON, a form with bracket nesting, or JSON sent as text/plain.
// It runs when a payload arrives and again when a delivery whose body could not be read is replayed,
// so a body refused today is read by a later version without the sender posting it again.
import { MAX_BODY_DEPTH, nestedDeeperThan } from '../../domain/shared/json';

/**
 * The reading of a body: its payload, or why there is none; `unsupported` when its content type is not
 * one the receiver reads (rather than a body of a type it reads that is broken).
 */
export type BodyReading = { payload: unknown; error: null } | { payload: null; error: string; unsupported: boolean };

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$|^text\/json$/;
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** Forms keep at most this many levels of brackets; deeper ones stay part of the last key. */
const MAX_DEPTH = 20;
/**
 * A form of more fields is kept and refused (400), never read in part: real forms send tens of fields,
 * and the limit bounds what a public request can make the receiver build.
 */
export const MAX_FORM_FIELDS = 1000;

const mediaTypeOf = (contentType: string | null): string => (contentType ?? '').split(';')[0].trim().toLowerCase();

/** The `charset` parameter of a content type, when it names one the platform decodes. */
export const charsetOf = (contentType: string | null): string => {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  if (!m) return 'utf-8';
  try {
    return new TextDecoder(m[1]).encoding;
  } catch {
    return 'utf-8';
  }
};

const parseJson = (raw: string): { ok: true; value: unknown } | { ok: false; message: string } => {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    return { ok: false, message: `The body is not valid JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  // Kept as text, but not as a payload: nothing could copy or map it without exhausting the stack.
  if (nestedDeeperThan(value, MAX_BODY_DEPTH)) return { ok: false, message: `The body is nested deeper than ${MAX_BODY_DEPTH} levels` };
  return { ok: true, value };
};

const isContainer = (v: unknown): boolean => typeof v === 'object' && v !== null;

/**
 * Reads a body by its content type. An empty body is `{}` (the action then refuses it for want of a
 * contact). JSON types and text/plain holding a JSON object or array are JSON; forms nest brackets.
 * Anything else (text that is not JSON, XML, multipart…) is unreadable: the caller keeps the raw
 * text and answers with the error.
 */
export const readInboundBody = (raw: string, contentType: string | null): BodyReading => {
  if (!raw.trim()) return { payload: {}, error: null };
  const type = mediaTypeOf(contentType);
  if (JSON_TYPE.test(type)) {
    const parsed = parseJson(raw);
    return parsed.ok ? { payload: parsed.value, error: null } : { payload: null, error: parsed.message, unsupported: false };
  }
  if (type === FORM_TYPE) {
    // Google Apps Script posts a string payload as a form by default: JSON there is read as JSON, where a
    // form reading would make the whole text one key and lose every field.
    const json = /^\s*[[{]/.test(raw) ? parseJson(raw) : null;
    if (json?.ok && isContainer(json.value)) return { payload: json.value, error: null };
    if (formFieldCount(raw) > MAX_FORM_FIELDS) {
      return { payload: null, error: `The form has more than ${MAX_FORM_FIELDS} fields`, unsupported: false };
    }
    return { payload: parseForm(raw, charsetOf(contentType)), error: null };
  }
  if (type === 'text/plain' || type === '') {
    const parsed = parseJson(raw);
    if (parsed.ok && isContainer(parsed.value)) return { payload: parsed.value, error: null };
    return {
      payload: null,
      error: `The body is ${type || 'without a content type'} and not a JSON object; send JSON or a form`,
      unsupported: true,
    };
  }
  return {
    payload: null,
    error: `The content type ${type} is not read; send application/json, application/x-www-form-urlencoded, or JSON as text/plain`,
    unsupported: true,
  };
};

/** `%XX` and `+` decoded to bytes, then the bytes to text in the form's charset. */
const decodeComponent = (s: string, decoder: InstanceType<typeof TextDecoder>): string => {
  if (!/[%+]/.test(s)) return s;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '+') {
      bytes.push(0x20);
    } else if (c === '%' && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const cp = s.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      bytes.push(...encoder.encode(ch));
      i += ch.length - 1;
    }
  }
  return decoder.decode(new Uint8Array(bytes));
};

/**
 * The path of a form key: `fields[name][value]` → fields, name, value; `tags[]` → tags, '' (append);
 * dots nest too (`contact.email`), as koa-bodyparser's `qs` reading does, so a mapping path reaches
 * the value either way. Text that is not a well-formed bracket stays part of the key.
 */
export const formKeyPath = (key: string): string[] => {
  const open = key.indexOf('[');
  const head = open <= 0 ? key : key.slice(0, open);
  const dotted = head.split('.').filter(Boolean);
  const path = dotted.length > 0 ? dotted : [head];
  let rest = open <= 0 ? '' : key.slice(open);
  while (rest) {
    const m = /^\[([^[\]]*)\]/.exec(rest);
    if (!m || path.length >= MAX_DEPTH) {
      path[path.length - 1] += rest;
      break;
    }
    path.push(m[1]);
    rest = rest.slice(m[0].length);
  }
  return path;
};

type Node = Record<string, unknown>;
/** Keys are defined, never assigned, so `__proto__` is an ordinary key and no prototype is touched. */
const put = (node: Node, key: string, value: unknown): void => {
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
};
const own = (node: Node, key: string): unknown => (Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined);
/** Values of a key sent more than once (`a=1&a=2`), told apart from nested containers. */
class Repeated {
  constructor(readonly values: string[]) {}
}
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Repeated);

/** A value for a key: a second one makes a list; on a container (`a[b]=1&a=2`) it goes under the key ''. */
const assign = (node: Node, key: string, value: string): void => {
  const current = own(node, key);
  if (current === undefined) put(node, key, value);
  else if (current instanceof Repeated) current.values.push(value);
  else if (isNode(current)) assign(current, '', value);
  else put(node, key, new Repeated([current as string, value]));
};

/** The fields of a form: its non-empty `&`-separated pieces, counted without splitting the body. */
const formFieldCount = (raw: string): number => {
  let count = 0;
  let start = 0;
  while (start <= raw.length) {
    const end = raw.indexOf('&', start);
    const stop = end < 0 ? raw.length : end;
    if (stop > start) count += 1;
    start = stop + 1;
  }
  return count;
};

/**
 * The index the next `[]` of each container takes: one past the highest index it holds. Kept as keys are
 * put, so an append costs the same however long the list already is (scanning the keys made a form of
 * `a[]` fields quadratic).
 */
type Appends = WeakMap<Node, number>;
const noteIndex = (appends: Appends, node: Node, key: string): void => {
  if (!/^\d+$/.test(key)) return;
  const next = Number(key) + 1;
  if (next > (appends.get(node) ?? 0)) appends.set(node, next);
};
const nextIndex = (appends: Appends, node: Node): string => String(appends.get(node) ?? 0);

/** Objects whose keys are exactly 0…n-1 become arrays, so `answers[0][value]` reads as `answers.0.value`. */
const finish = (v: unknown): unknown => {
  if (v instanceof Repeated) return v.values;
  if (!isNode(v)) return v;
  const keys = Object.keys(v);
  const out: Node = {};
  for (const k of keys) put(out, k, finish(v[k]));
  const dense = keys.length > 0 && keys.every((k, i) => k === String(i));
  return dense ? keys.map((k) => out[k]) : out;
};

/**
 * An `application/x-www-form-urlencoded` body with bracket nesting, read in one pass. No depth or array
 * limit drops anything silently: `a[25]=x` keeps its index as a key. The caller refuses a form of more
 * than `MAX_FORM_FIELDS` fields whole (`readInboundBody`).
 */
export const parseForm = (raw: string, charset = 'utf-8'): Record<string, unknown> => {
  const decoder = new TextDecoder(charset);
  const root: Node = {};
  const appends: Appends = new WeakMap();
  for (const pair of raw.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodeComponent(eq < 0 ? pair : pair.slice(0, eq), decoder);
    const value = eq < 0 ? '' : decodeComponent(pair.slice(eq + 1), decoder);
    if (!key) continue;
    const path = formKeyPath(key);
    let node = root;
    for (let i = 0; i < path.length; i++) {
      const seg = path[i] === '' ? nextIndex(appends, node) : path[i];
      noteIndex(appends, node, seg);
      if (i === path.length - 1) {
        assign(node, seg, value);
        break;
      }
      const current = own(node, seg);
      if (isNode(current)) {
        node = current;
      } else {
        // A plain value where brackets go on (`a=1&a[b]=2`): the plain value stays under the key ''.
        const child: Node = {};
        if (current !== undefined) put(child, '', current instanceof Repeated ? current.values : current);
        put(node, seg, child);
        node = child;
      }
    }
  }
  return finish(root) as Record<string, unknown>;
};
