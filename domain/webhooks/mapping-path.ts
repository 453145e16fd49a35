// The path language of a field mapping: where, in a payload some other system sends, a field is.
// Plain dot paths stay as they always were; quotes, brackets and filters reach what real forms send
// (question titles as keys, answers in arrays, several leads in one delivery).
import { ValidationFailed } from '../shared/errors';

/**
 * One step of a path.
 * - `key`: an object key. A bare key of digits also indexes an array (`answers.0`), as dot paths
 *   always did; a quoted key is only ever an object key.
 * - `index`: `[0]`, an array item by position.
 * - `each`: `[*]`, every item of an array (one record per item, see `mapInboundRecords`).
 * - `where`: `[field.ref=email]`, the first array item whose `field` (a path of keys) reads as `value`.
 */
export type PathSegment =
  | { kind: 'key'; key: string; bare: boolean }
  | { kind: 'index'; index: number }
  | { kind: 'each' }
  | { kind: 'where'; field: PathSegment[]; value: string };

/** Why a path does not parse; callers turn it into a ValidationFailed naming their own field. */
export class PathSyntaxError extends Error {}

/** Longest path, after trimming: real ones are a few dozen characters, and every delivery reads them. */
export const MAX_PATH_LENGTH = 512;
/** Most steps in a path, a filter's field included (`entry.0.changes.0.value.leadgen_id` has 6). */
export const MAX_PATH_SEGMENTS = 32;

const BARE_STOP = new Set(['.', '[', ']', '"', "'"]);
const isSpace = (c: string): boolean => /\s/.test(c);
const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const unexpected = (c: string): string =>
  isSpace(c)
    ? 'unexpected space; quote a name that has spaces ("Nome completo" or [\'Nome completo\'])'
    : `unexpected ${JSON.stringify(c)}`;
// What `.` of a regex does not match; the bracket's lookahead below keeps the grammar it had with one.
const LINE_END = new Set(['\n', '\r', '\u2028', '\u2029']);

/**
 * Whether the quote at `at` opens a quoted key closed by `]` (`["a.b"]`), rather than a filter whose
 * field is quoted (`["a b"=x]`): some later same quote is followed by `]`, with no line end before it, and
 * every same quote before it is preceded by a backslash inside the quotes. This is what the regex
 * `/^("|')(?:\\.|(?!\1).)*\1\]/` answered, in one pass instead of trying every way of pairing backslashes.
 */
export const quotedKeyAhead = (path: string, at: number): boolean => {
  const quote = path[at];
  for (let i = at + 1; i < path.length; i += 1) {
    const c = path[i];
    if (LINE_END.has(c)) return false;
    if (c !== quote) continue;
    if (path[i + 1] === ']') return true;
    if (i === at + 1 || path[i - 1] !== '\\') return false;
  }
  return false;
};

/**
 * Parses a path; throws PathSyntaxError with the reason and the position. A path has at most
 * MAX_PATH_LENGTH characters and MAX_PATH_SEGMENTS steps. No step backtracks: a path is any API key's
 * input, and deliveries read it.
 *
 * Grammar (whitespace around the whole path is ignored, nowhere else):
 *
 * ```text
 * path     = step , { ( "." , name ) | bracket } ;
 * step     = name | bracket ;
 * name     = bare | quoted ;
 * bare     = one or more characters except  . [ ] " '  and whitespace ;  accents are fine;
 *            inside a filter's field `=` ends it too
 * quoted   = '"' , { any character ; \" and \\ escape } , '"'
 *          | "'" , { any character ; \' and \\ escape } , "'" ;                  (may not be empty)
 * bracket  = "[" , ( digits | quoted | "*" | filter ) , "]" ;
 * filter   = name , { "." , name } , "=" , ( quoted | plain ) ;
 * plain    = one or more characters other than  ] " '  (trimmed, not empty) ;
 * ```
 *
 * A bracket that opens with a quote holds a quoted key when `quotedKeyAhead` finds its end, else a
 * filter: so a filter's first field, quoted, may not end with a backslash nor hold its quote before `]`.
 *
 * Examples: `lead.contact.phone`, `answers.0.value`, `"Qual é o seu nome?"`, `namedValues["E-mail"].0`,
 * `['Nome completo']`, `field_data[name=full_name].values.0`, `form_response.answers[field.ref=email].email`,
 * `data.fields[label="Seu nome"].value`, `leads[*].email`, `[*].email`.
 */
export const parseMappingPath = (input: string): PathSegment[] => {
  const path = input.trim();
  let at = 0;
  const fail = (why: string): never => {
    throw new PathSyntaxError(`at character ${at + 1}, ${why}`);
  };
  const peek = (): string => path[at] ?? '';
  // Counted as each step starts, so that a step too many is reported where it starts.
  let steps = 0;
  const step = (): void => {
    steps += 1;
    if (steps > MAX_PATH_SEGMENTS) fail(`a path has at most ${MAX_PATH_SEGMENTS} steps`);
  };
  if (path.length > MAX_PATH_LENGTH) {
    at = MAX_PATH_LENGTH;
    fail(`a path has at most ${MAX_PATH_LENGTH} characters`);
  }

  const quoted = (): string => {
    const quote = path[at++];
    let out = '';
    while (at < path.length && path[at] !== quote) {
      if (path[at] === '\\' && (path[at + 1] === quote || path[at + 1] === '\\')) at += 1;
      out += path[at++];
    }
    if (at >= path.length) fail(`unclosed ${quote}`);
    at += 1;
    if (!out) fail('empty quoted name');
    return out;
  };

  // Inside a filter `=` ends the field name; elsewhere it is an ordinary character, as dot paths had it.
  const bare = (inFilter: boolean): string => {
    const start = at;
    while (at < path.length && !BARE_STOP.has(path[at]) && !isSpace(path[at]) && !(inFilter && path[at] === '=')) at += 1;
    if (at === start) fail(at >= path.length || peek() === '.' ? 'empty segment' : unexpected(peek()));
    return path.slice(start, at);
  };

  const name = (inFilter = false): PathSegment => {
    step();
    const c = peek();
    return c === '"' || c === "'" ? { kind: 'key', key: quoted(), bare: false } : { kind: 'key', key: bare(inFilter), bare: true };
  };

  const bracket = (): PathSegment => {
    step();
    at += 1; // [
    let segment: PathSegment;
    const c = peek();
    if (c === '*') {
      at += 1;
      segment = { kind: 'each' };
    } else if (isDigit(c)) {
      const start = at;
      while (isDigit(peek())) at += 1;
      segment = { kind: 'index', index: Number(path.slice(start, at)) };
    } else if ((c === '"' || c === "'") && quotedKeyAhead(path, at)) {
      segment = { kind: 'key', key: quoted(), bare: false };
    } else {
      segment = filter();
    }
    if (peek() !== ']') fail(at >= path.length ? 'unclosed [' : `expected ] but found ${JSON.stringify(peek())}`);
    at += 1;
    return segment;
  };

  const filter = (): PathSegment => {
    const field: PathSegment[] = [name(true)];
    while (peek() === '.') {
      at += 1;
      field.push(name(true));
    }
    if (peek() !== '=') fail('a filter is [field=value]; expected =');
    at += 1;
    let value: string;
    if (peek() === '"' || peek() === "'") {
      value = quoted();
    } else {
      const start = at;
      while (at < path.length && !']"\''.includes(path[at])) at += 1;
      value = path.slice(start, at).trim();
      if (!value) fail('empty filter value');
    }
    return { kind: 'where', field, value };
  };

  if (!path) fail('empty path');
  const segments: PathSegment[] = [peek() === '[' ? bracket() : name()];
  while (at < path.length) {
    const c = peek();
    if (c === '.') {
      at += 1;
      segments.push(name());
    } else if (c === '[') {
      segments.push(bracket());
    } else {
      fail(unexpected(c));
    }
  }
  return segments;
};

/**
 * A path as quoted in a refusal: as sent, unless it is past the longest allowed (an operator's argument
 * can be any length), then its start.
 */
export const quotePath = (path: string): string => JSON.stringify(path.length > MAX_PATH_LENGTH ? `${path.slice(0, 40)}…` : path);

/** Parses a path configured for `field`; a malformed one is refused with ValidationFailed naming it. */
const parseFor = <T>(path: unknown, field: string, parse: (path: string) => T): T => {
  if (typeof path !== 'string') throw new ValidationFailed(`${field} must be a path in the payload`, field);
  try {
    return parse(path);
  } catch (err) {
    if (!(err instanceof PathSyntaxError)) throw err;
    throw new ValidationFailed(`${field} ${quotePath(path)} is not a valid path: ${err.message}`, field);
  }
};

/** Checks a path configured for `field` (an idempotency path, say); refused with ValidationFailed. */
export const checkMappingPath = (path: string, field: string): void => {
  parseFor(path, field, parseMappingPath);
};

const freeze = (segments: PathSegment[]): readonly PathSegment[] => {
  for (const s of segments) {
    if (s.kind === 'where') freeze(s.field);
    Object.freeze(s);
  }
  return Object.freeze(segments);
};

/**
 * Paths parsed once, by their text, the most recently read kept: an endpoint's paths are read again by
 * every delivery, and do not change between them. The segments handed out are shared, so frozen. A
 * path that does not parse is not kept.
 */
export class ParsedPaths {
  private readonly kept = new Map<string, readonly PathSegment[]>();

  constructor(
    private readonly capacity: number,
    private readonly parse: (path: string) => PathSegment[] = parseMappingPath,
  ) {}

  // A property, so that it can be handed around as a function.
  readonly get = (path: string): readonly PathSegment[] => {
    let segments = this.kept.get(path);
    if (segments) {
      this.kept.delete(path); // kept again below, as the most recently read
    } else {
      segments = freeze(this.parse(path));
      if (this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value!);
    }
    this.kept.set(path, segments);
    return segments;
  };
}

/** Enough for the paths of every endpoint of many teams; at most MAX_PATH_LENGTH characters each. */
const PARSED_PATHS_KEPT = 1000;

/** The paths deliveries read (mappings, idempotency paths), shared by every endpoint of the process. */
export const parsedPaths = new ParsedPaths(PARSED_PATHS_KEPT);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
// Own keys only: a path must never reach `constructor` or `__proto__` through the prototype.
const own = (o: Record<string, unknown>, key: string): unknown => (Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined);

const matches = (v: unknown, expected: string): boolean =>
  (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') && String(v) === expected;

/**
 * Follows parsed segments; undefined when anything on the way is absent. An `each` step yields the
 * array of what the rest of the path reads in every item.
 */
export const readSegments = (value: unknown, segments: readonly PathSegment[]): unknown => {
  let current = value;
  for (let i = 0; i < segments.length; i += 1) {
    const s = segments[i];
    switch (s.kind) {
      case 'key':
        if (s.bare && Array.isArray(current) && /^\d+$/.test(s.key)) current = current[Number(s.key)];
        else if (isRecord(current)) current = own(current, s.key);
        else return undefined;
        break;
      case 'index':
        if (!Array.isArray(current)) return undefined;
        current = current[s.index];
        break;
      case 'where':
        if (!Array.isArray(current)) return undefined;
        current = current.find((item) => matches(readSegments(item, s.field), s.value));
        break;
      case 'each': {
        if (!Array.isArray(current)) return undefined;
        const rest = segments.slice(i + 1);
        return current.map((item) => readSegments(item, rest));
      }
    }
    if (current === undefined) return undefined;
  }
  return current;
};

/**
 * The value at a path of the mapping language; undefined when absent. The path must be valid (check
 * it where it is configured with `checkMappingPath`); a malformed one throws ValidationFailed.
 */
export const readPath = (payload: unknown, path: string): unknown => {
  return readSegments(payload, parseFor(path, 'path', parsedPaths.get));
};
