// Generated paths of the field-mapping language (docs/api.md "Field mapping"), up to and past the longest one
// allowed: anyone with an API key configures them, and every delivery reads them. Whatever the text, a
// path parses or is refused with PathSyntaxError (ValidationFailed where a field configures it), never
// anything else; a path printed from steps reads back as those steps, or is refused for its length or its
// number of steps. A parser that backtracks does not finish these within the test's timeout.
//
// Same seed and counts as the bad requests: FUZZ_SEED (a number, or `random`) and FUZZ_RUNS.
import { expect } from 'chai';
import fc from 'fast-check';
import { ValidationFailed } from '../../domain/shared/errors';
import { parseFieldMapping } from '../../domain/webhooks/field-mapping';
import {
  MAX_PATH_LENGTH,
  MAX_PATH_SEGMENTS,
  PathSegment,
  PathSyntaxError,
  parseMappingPath,
  parsedPaths,
  readPath,
} from '../../domain/webhooks/mapping-path';
import { requireIdempotencyPath } from '../../domain/webhooks/webhook-endpoint';

/** Paths per property: 1 000 in CI, 12 500 with `npm run fuzz`. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40) * 25;
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261124);

const check = (property: fc.IProperty<any>): void => {
  const details = fc.check(property, { numRuns: RUNS, seed: SEED });
  if (details.failed) throw new Error(`${fc.defaultReportMessage(details)}\nReplay: FUZZ_SEED=${details.seed}`);
};

/** Whether `run` succeeds, or throws only `allowed`; anything else is thrown again. */
const outcome = (run: () => unknown, allowed: new (...args: any[]) => Error): 'ok' | 'refused' => {
  try {
    run();
    return 'ok';
  } catch (err) {
    if (err instanceof allowed) return 'refused';
    throw err;
  }
};

// ---------------------------------------------------------------------------------------------------
// Any text, made of what the grammar gives meaning to, with runs long enough to make a backtracking
// parser try every way of pairing them.

const PIECES = [
  '"',
  "'",
  '\\',
  '\\\\',
  '[',
  ']',
  '.',
  '=',
  '*',
  '0',
  '12',
  'a',
  'é',
  ' ',
  '\n',
  '\u2028',
  '["',
  "['",
  '"]',
  "']",
  '[*]',
  '[0]',
];
const piece: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PIECES) },
  {
    weight: 1,
    arbitrary: fc
      .record({ c: fc.constantFrom('\\', '"', "'", '\\"', 'a'), n: fc.integer({ min: 1, max: 300 }) })
      .map(({ c, n }) => c.repeat(n)),
  },
);
const anyText: fc.Arbitrary<string> = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join('').slice(0, MAX_PATH_LENGTH + 16));

// ---------------------------------------------------------------------------------------------------
// Paths printed from steps.

type Step = PathSegment;
const QUOTES = ['"', "'"] as const;

const textOf = (chars: string[], min = 1, max = 12): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...chars), { minLength: min, maxLength: max, size: 'max' }).map((c) => c.join(''));
const BARE = ['a', 'Z', '0', '9', '_', '-', 'é', 'ç', '@', '*', '+'];
const bare = (inFilter: boolean): fc.Arbitrary<string> => textOf(inFilter ? BARE : [...BARE, '=']);
const QUOTED = ['a', ' ', '.', '[', ']', '=', '*', '"', "'", '\\', 'é', '\n'];
const quoted = textOf(QUOTED, 1, 60);

const escape = (text: string, q: string): string => `${q}${text.replace(/\\/g, '\\\\').replaceAll(q, `\\${q}`)}${q}`;

/** A step and how it is written, first in the path or after another. */
interface Written {
  step: Step;
  first: string;
  next: string;
}

const keyStep: fc.Arbitrary<Written> = fc.oneof(
  bare(false).map((key): Written => ({ step: { kind: 'key', key, bare: true }, first: key, next: `.${key}` })),
  fc.tuple(quoted, fc.constantFrom(...QUOTES), fc.boolean()).map(([key, q, inBrackets]): Written => {
    // In brackets a line end makes it a filter (the grammar the regex of the first parser gave), so dotted there.
    const bracketed = inBrackets && !/[\n\r\u2028\u2029]/.test(key);
    const written = bracketed ? `[${escape(key, q)}]` : escape(key, q);
    return { step: { kind: 'key', key, bare: false }, first: written, next: bracketed ? written : `.${written}` };
  }),
);

const indexStep: fc.Arbitrary<Written> = fc
  .nat(10000)
  .map((index) => ({ step: { kind: 'index', index }, first: `[${index}]`, next: `[${index}]` }));
const eachStep: fc.Arbitrary<Written> = fc.constant({ step: { kind: 'each' }, first: '[*]', next: '[*]' });

/**
 * A filter's field name: bare, or quoted. What a bracket holds is told by its first character, so a
 * filter's first field does not start with `*` or a digit; and a bracket opening with a quote is a quoted
 * key when a closing quote followed by `]` can be found, so a filter's first field, when quoted, never
 * holds that quote followed by `]` nor ends with a backslash (whose escaped closing quote would not close
 * it for that search).
 */
const fieldName = (firstOfFilter: boolean): fc.Arbitrary<{ key: string; bare: boolean; written: string }> =>
  fc.oneof(
    bare(true)
      .filter((key) => !firstOfFilter || !/^[*0-9]/.test(key))
      .map((key) => ({ key, bare: true, written: key })),
    fc
      .tuple(quoted, fc.constantFrom(...QUOTES))
      .filter(([key, q]) => !firstOfFilter || (!key.includes(`${q}]`) && !key.endsWith('\\')))
      .map(([key, q]) => ({ key, bare: false, written: escape(key, q) })),
  );

const PLAIN = ['a', ' ', '.', '[', '=', '*', '\\', 'é', '0'];
const filterValue: fc.Arbitrary<{ value: string; written: string }> = fc.oneof(
  textOf(PLAIN, 1, 20)
    .filter((v) => v.trim() === v && v !== '')
    .map((value) => ({ value, written: value })),
  fc.tuple(quoted, fc.constantFrom(...QUOTES)).map(([value, q]) => ({ value, written: escape(value, q) })),
);

const whereStep: fc.Arbitrary<Written> = fc
  .tuple(fieldName(true), fc.array(fieldName(false), { maxLength: 3 }), filterValue)
  .map(([head, rest, { value, written }]): Written => {
    const field = [head, ...rest];
    const text = `[${field.map((f) => f.written).join('.')}=${written}]`;
    return {
      step: { kind: 'where', field: field.map((f) => ({ kind: 'key', key: f.key, bare: f.bare })), value },
      first: text,
      next: text,
    };
  });

const stepArb: fc.Arbitrary<Written> = fc.oneof({ weight: 4, arbitrary: keyStep }, indexStep, eachStep, whereStep);
const printedPath = fc.array(stepArb, { minLength: 1, maxLength: 40, size: 'max' }).map((steps) => ({
  steps: steps.map((s) => s.step),
  path: steps.map((s, i) => (i === 0 ? s.first : s.next)).join(''),
}));

const stepsIn = (steps: Step[]): number => steps.reduce((n, s) => n + (s.kind === 'where' ? 1 + s.field.length : 1), 0);

describe('Generated mapping paths', () => {
  it('parses any text or refuses it with PathSyntaxError, and a field configured with it with ValidationFailed', () => {
    check(
      fc.property(anyText, (path) => {
        const parsed = outcome(() => parseMappingPath(path), PathSyntaxError);
        if (path.trim().length > MAX_PATH_LENGTH) expect(parsed, 'a path past the longest one allowed').to.equal('refused');
        if (parsed === 'ok') {
          const segments = parseMappingPath(path);
          expect(stepsIn(segments)).to.be.at.most(MAX_PATH_SEGMENTS);
          expect(parsedPaths.get(path)).to.deep.equal(segments);
          expect(outcome(() => readPath({ a: [{ a: 1 }], '0': 'x' }, path), ValidationFailed)).to.equal('ok');
        }
        expect(outcome(() => requireIdempotencyPath(path), ValidationFailed)).to.equal(parsed);
        outcome(() => parseFieldMapping({ email: path, full_name: [path, 'nome'] }), ValidationFailed);
      }),
    );
  });

  it(`reads a path written from steps back as those steps, up to ${MAX_PATH_LENGTH} characters and ${MAX_PATH_SEGMENTS} steps`, () => {
    check(
      fc.property(printedPath, ({ steps, path }) => {
        if (path.length > MAX_PATH_LENGTH || stepsIn(steps) > MAX_PATH_SEGMENTS) {
          expect(() => parseMappingPath(path)).to.throw(PathSyntaxError, /at most/);
          expect(() => requireIdempotencyPath(path)).to.throw(ValidationFailed, /idempotency_path/);
        } else {
          expect(parseMappingPath(path)).to.deep.equal(steps);
        }
      }),
    );
  });
});
