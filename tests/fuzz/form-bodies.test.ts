// Generated form bodies for the public inbound receiver (docs/api.md "Bodies"): a stranger's text is read only
// once its sender is admitted, but an admitted sender can send anything. Whatever the text, a form is read
// as an object or refused with a reason (more than MAX_FORM_FIELDS fields), never a thrown error; every
// field that names no brackets is kept with its value; and appends of every shape are read up to the field
// limit and refused one field past it.
//
// Same seed and counts as the bad requests: FUZZ_SEED (a number, or `random`) and FUZZ_RUNS.
import { expect } from 'chai';
import fc from 'fast-check';
import { MAX_FORM_FIELDS, readInboundBody } from '../../application/webhooks/inbound-body';

/** Bodies per property: 1 000 in CI, 12 500 with `npm run fuzz`. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40) * 25;
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261124);
const FORM = 'application/x-www-form-urlencoded';

const check = (property: fc.IProperty<any>, numRuns = RUNS): void => {
  const details = fc.check(property, { numRuns, seed: SEED });
  if (details.failed) throw new Error(`${fc.defaultReportMessage(details)}\nReplay: FUZZ_SEED=${details.seed}`);
};

/** What forms are made of: brackets, dots, escapes, separators, accents and the odd quote. */
const formText = fc.string({
  unit: fc.constantFrom('a', 'b', '0', '1', '[', ']', '.', '&', '=', '%', '2', '5', 'B', '+', 'ç', 'ã', '"', ' '),
});

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null;

describe('Fuzz: inbound form bodies', () => {
  it('reads any text as a form object, or refuses it with a reason, never throwing', () => {
    check(
      fc.property(formText, (raw) => {
        const read = readInboundBody(raw, FORM);
        if (read.error === null) expect(isObject(read.payload), raw).to.equal(true);
        else expect(read.error).to.match(/more than \d+ fields/);
      }),
    );
  });

  it('keeps every plain field with its value, beside any bracketed ones', () => {
    const plainKey = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
    const value = fc.string({ unit: fc.constantFrom('a', 'Z', '9', ' ', 'é', 'ã', '@', '-') });
    check(
      fc.property(fc.dictionary(plainKey, value, { maxKeys: 20 }), formText, (fields, noise) => {
        const raw = [
          ...Object.entries(fields).map(([k, v]) => `${k}=${encodeURIComponent(v)}`),
          `form-extra[${encodeURIComponent(noise)}]=1`,
        ].join('&');
        const read = readInboundBody(raw, FORM);
        expect(read.error, raw).to.equal(null);
        for (const [k, v] of Object.entries(fields)) expect((read.payload as Record<string, unknown>)[k], raw).to.equal(v);
      }),
    );
  });

  it('reads a form of appends at the field limit, and refuses one field more', () => {
    check(
      fc.property(fc.constantFrom('a[]', 'a[][]', 'a[b][]', 'a[][b]', 'a[0][]'), (key) => {
        const body = (n: number) => Array.from({ length: n }, (_, i) => `${key}=${i}`).join('&');
        expect(readInboundBody(body(MAX_FORM_FIELDS), FORM).error).to.equal(null);
        expect(readInboundBody(body(MAX_FORM_FIELDS + 1), FORM).error).to.match(/more than/);
      }),
      5,
    );
  });
});
