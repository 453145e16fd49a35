import { expect } from 'chai';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { parseFieldMapping } from '../../../../domain/webhooks/field-mapping';
import {
  checkMappingPath,
  MAX_PATH_LENGTH,
  MAX_PATH_SEGMENTS,
  parsedPaths,
  ParsedPaths,
  parseMappingPath,
  PathSegment,
  PathSyntaxError,
  quotedKeyAhead,
  readPath,
} from '../../../../domain/webhooks/mapping-path';

/** The lookahead the bracket used to decide a quoted key with: a regex that backtracks exponentially. */
const OLD_LOOKAHEAD = /^("|')(?:\\.|(?!\1).)*\1\]/;

describe('Mapping path', () => {
  describe('reading', () => {
    const payload = {
      lead: { contact: { phone: '11 98765-4321' } },
      answers: [{ value: 'Pro' }, 'y'],
      'Qual é o seu nome?': 'Ana',
      'a.b': 'dotted key',
      namedValues: { 'E-mail': ['ana@x.com'], 'Nome completo': ['Ana Souza'], "Ana's": ['q'] },
      field_data: [
        { name: 'email', values: ['e@x.com'] },
        { name: 'full_name', values: ['Ana Souza'] },
        { name: 'full_name', values: ['second'] },
      ],
      form_response: {
        answers: [
          { type: 'email', email: 't@x.com', field: { ref: 'email' } },
          { type: 'number', number: 3, field: { ref: 7 } },
        ],
      },
      data: {
        fields: [
          { label: 'Seu nome', value: 'Tally' },
          { label: 'x]y', value: 'odd' },
        ],
      },
      leads: [{ email: 'a@x.com' }, { email: 'b@x.com' }, {}],
      '0': 'object key zero',
    };

    it('keeps plain dot paths meaning what they meant: keys, and digits as array indexes', () => {
      expect(readPath(payload, 'lead.contact.phone')).to.equal('11 98765-4321');
      expect(readPath(payload, 'answers.0.value')).to.equal('Pro');
      expect(readPath(payload, 'answers.1')).to.equal('y');
      expect(readPath(payload, '0')).to.equal('object key zero');
      expect(readPath(payload, 'answers.2')).to.equal(undefined);
      expect(readPath(payload, 'lead.x.phone')).to.equal(undefined);
      expect(readPath(payload, 'answers.value')).to.equal(undefined);
      expect(readPath({ constructor: 1 }, 'toString')).to.equal(undefined);
      expect(readPath({}, '__proto__')).to.equal(undefined);
      expect(readPath({ 'utm=x': { 'a-b': 1 } }, 'utm=x.a-b')).to.equal(1);
    });

    it('reads quoted and bracketed keys with spaces, accents and dots', () => {
      expect(readPath(payload, '"Qual é o seu nome?"')).to.equal('Ana');
      expect(readPath(payload, "'Qual é o seu nome?'")).to.equal('Ana');
      expect(readPath(payload, '["a.b"]')).to.equal('dotted key');
      expect(readPath(payload, 'a.b')).to.equal(undefined);
      expect(readPath(payload, 'namedValues["E-mail"].0')).to.equal('ana@x.com');
      expect(readPath(payload, "namedValues['Nome completo'][0]")).to.equal('Ana Souza');
      expect(readPath(payload, 'namedValues."Nome completo".0')).to.equal('Ana Souza');
      expect(readPath(payload, "namedValues['Ana\\'s'].0")).to.equal('q');
      expect(readPath(payload, 'namedValues.E-mail')).to.deep.equal(['ana@x.com']);
      // A quoted key is a key, never an index.
      expect(readPath(payload, 'answers["0"]')).to.equal(undefined);
      expect(readPath(payload, 'answers[0].value')).to.equal('Pro');
    });

    it('picks the first array item whose field reads as the filter value', () => {
      expect(readPath(payload, 'field_data[name=full_name].values.0')).to.equal('Ana Souza');
      expect(readPath(payload, 'form_response.answers[field.ref=email].email')).to.equal('t@x.com');
      expect(readPath(payload, 'form_response.answers[field.ref=7].number')).to.equal(3);
      expect(readPath(payload, 'data.fields[label="Seu nome"].value')).to.equal('Tally');
      expect(readPath(payload, 'data.fields[label=Seu nome].value')).to.equal('Tally');
      expect(readPath(payload, 'data.fields[label="x]y"].value')).to.equal('odd');
      expect(readPath(payload, 'field_data[name=phone_number].values.0')).to.equal(undefined);
      expect(readPath(payload, 'lead[name=x]')).to.equal(undefined);
    });

    it('reads every item under [*]', () => {
      expect(readPath(payload, 'leads[*].email')).to.deep.equal(['a@x.com', 'b@x.com', undefined]);
      expect(readPath([{ a: 1 }, { a: 2 }], '[*].a')).to.deep.equal([1, 2]);
      expect(readPath(payload, 'lead[*].email')).to.equal(undefined);
    });
  });

  describe('parsing', () => {
    it('gives the segments of each form', () => {
      expect(parseMappingPath(' leads[*].fields[field.ref="e-mail"][0]."Nome" ')).to.deep.equal([
        { kind: 'key', key: 'leads', bare: true },
        { kind: 'each' },
        { kind: 'key', key: 'fields', bare: true },
        {
          kind: 'where',
          field: [
            { kind: 'key', key: 'field', bare: true },
            { kind: 'key', key: 'ref', bare: true },
          ],
          value: 'e-mail',
        },
        { kind: 'index', index: 0 },
        { kind: 'key', key: 'Nome', bare: false },
      ]);
    });

    it('refuses unbalanced quotes and brackets, empty segments and bad filters, saying where', () => {
      const bad = [
        '',
        ' ',
        'a..b',
        '.a',
        'a.',
        'a b',
        '"unclosed',
        "a['x",
        'a[0',
        'a]',
        'a[]',
        'a[x]',
        'a[=x]',
        'a[x=]',
        'a[x="y]',
        '""',
        'a.""',
        'a[*',
        'a[-1]',
        'a[0]b',
        'a"b"',
      ];
      for (const path of bad) expect(() => parseMappingPath(path), path).to.throw(PathSyntaxError, /at character \d+/);
    });

    it('checkMappingPath refuses with ValidationFailed naming the field it was given', () => {
      expect(() => checkMappingPath('entry.0.changes.0.value.leadgen_id', 'idempotency_path')).to.not.throw();
      try {
        checkMappingPath('a..b', 'idempotency_path');
        expect.fail('accepted a bad path');
      } catch (err) {
        expect(err).to.be.instanceOf(ValidationFailed);
        expect((err as ValidationFailed).details).to.deep.equal({ field: 'idempotency_path' });
        expect((err as ValidationFailed).message)
          .to.contain('idempotency_path')
          .and.contain('"a..b"')
          .and.contain('empty segment');
      }
      expect(() => readPath({}, 'a[')).to.throw(ValidationFailed, /path/);
    });
  });

  // Each of these took longer than the test's timeout when the bracket decided a quoted key with a
  // backtracking regex: every run of backslashes could pair up in exponentially many ways (a path of 47
  // characters blocked the process for 24 s); these have hundreds, within MAX_PATH_LENGTH, so that only
  // the scan saves them.
  describe('adversarial paths', () => {
    const slashes = (n: number): string => '\\'.repeat(n);

    it('refuses a quote followed by a long run of backslashes at once, saying why', () => {
      for (const q of ['"', "'"]) {
        for (const path of [`[${q}${slashes(400)}`, `a[${q}${slashes(400)}`, `lead.answers[${q}${slashes(401)}x`]) {
          expect(() => parseMappingPath(path), path).to.throw(PathSyntaxError, new RegExp(`unclosed ${q}`));
        }
      }
      for (const path of [
        `["${'\\\\"'.repeat(150)}`,
        `["${'\\"\\\\'.repeat(120)}x]`,
        `['${slashes(200)}"${slashes(200)}`,
        `["${slashes(300)}\n${slashes(100)}"]`,
        `a["${slashes(250)}"x${slashes(200)}`,
      ]) {
        expect(path.length).to.be.at.most(MAX_PATH_LENGTH);
        expect(() => parseMappingPath(path), path).to.throw(PathSyntaxError, /at character \d+/);
        expect(() => checkMappingPath(path, 'idempotency_path'), path).to.throw(ValidationFailed, /idempotency_path/);
        expect(() => parseFieldMapping({ email: path }), path).to.throw(ValidationFailed, /field_mapping\.email/);
      }
    });

    it('accepts a long valid path whose quotes hold runs of backslashes, and reads it', () => {
      const field = slashes(200);
      const path = `items["${slashes(400)}"=x].v`;
      expect(parseMappingPath(path)).to.deep.equal([
        { kind: 'key', key: 'items', bare: true },
        { kind: 'where', field: [{ kind: 'key', key: field, bare: false }], value: 'x' },
        { kind: 'key', key: 'v', bare: true },
      ]);
      expect(
        readPath(
          {
            items: [
              { [field]: 'y', v: 1 },
              { [field]: 'x', v: 2 },
            ],
          },
          path,
        ),
      ).to.equal(2);
      expect(parseMappingPath(`a['${slashes(300)}']`)).to.deep.equal([
        { kind: 'key', key: 'a', bare: true },
        { kind: 'key', key: slashes(150), bare: false },
      ]);
      expect(parseMappingPath(`["${'\\"'.repeat(100)}${slashes(200)}"]`)).to.deep.equal([
        { kind: 'key', key: `${'"'.repeat(100)}${slashes(100)}`, bare: false },
      ]);
      expect(() => parseFieldMapping({ 'custom_fields.x': path, email: `["${slashes(450)}"]` })).to.not.throw();
    });

    it('decides a quoted key exactly as the regex it replaces did', () => {
      // Every text of up to 6 characters over the characters that matter, after each quote.
      const alphabet = ['"', "'", '\\', ']', 'a', '\n'];
      let texts = [''];
      for (let length = 1; length <= 6; length += 1) {
        texts = [...texts, ...texts.filter((t) => t.length === length - 1).flatMap((t) => alphabet.map((c) => t + c))];
      }
      for (const q of ['"', "'"]) {
        for (const text of texts) {
          const path = `x[${q}${text}`;
          expect(quotedKeyAhead(path, 2), JSON.stringify(path)).to.equal(OLD_LOOKAHEAD.test(path.slice(2)));
        }
      }
    });
  });

  describe('limits', () => {
    it(`refuses a path longer than ${MAX_PATH_LENGTH} characters or of more than ${MAX_PATH_SEGMENTS} steps`, () => {
      expect(parseMappingPath('a'.repeat(MAX_PATH_LENGTH))).to.have.length(1);
      expect(parseMappingPath(` ${'a'.repeat(MAX_PATH_LENGTH)} `)).to.have.length(1);
      expect(() => parseMappingPath('a'.repeat(MAX_PATH_LENGTH + 1))).to.throw(PathSyntaxError, /at character 513, .*512 characters/);
      const steps = (n: number): string => Array.from({ length: n }, (_, i) => `k${i}`).join('.');
      expect(parseMappingPath(steps(MAX_PATH_SEGMENTS))).to.have.length(MAX_PATH_SEGMENTS);
      expect(() => parseMappingPath(steps(MAX_PATH_SEGMENTS + 1))).to.throw(PathSyntaxError, new RegExp(`${MAX_PATH_SEGMENTS} steps`));
      // A filter's field is steps too.
      expect(() => parseMappingPath(`a[${steps(MAX_PATH_SEGMENTS)}=x]`)).to.throw(PathSyntaxError, /steps/);
      expect(() => parseMappingPath(`${'[0]'.repeat(MAX_PATH_SEGMENTS + 1)}`)).to.throw(PathSyntaxError, /steps/);
    });

    it('refuses a path too long with ValidationFailed naming the field, without repeating the whole path', () => {
      const long = 'a'.repeat(40000);
      for (const refuse of [() => checkMappingPath(long, 'idempotency_path'), () => parseFieldMapping({ full_name: long })]) {
        try {
          refuse();
          expect.fail('accepted a path of 40 000 characters');
        } catch (err) {
          expect(err).to.be.instanceOf(ValidationFailed);
          expect((err as ValidationFailed).message).to.match(/idempotency_path|field_mapping\.full_name/);
          expect((err as ValidationFailed).message).to.contain(`${MAX_PATH_LENGTH} characters`);
          expect((err as ValidationFailed).message.length).to.be.below(200);
        }
      }
      expect(() => readPath({}, long)).to.throw(ValidationFailed, /path/);
    });
  });

  describe('parsed once', () => {
    it('parses a path once, then gives the same frozen segments, forgetting the least recently read', () => {
      const parsed: string[] = [];
      const paths = new ParsedPaths(2, (p) => {
        parsed.push(p);
        return parseMappingPath(p);
      });
      const first = paths.get('lead.email');
      expect(paths.get('lead.email')).to.equal(first);
      expect(parsed).to.deep.equal(['lead.email']);
      expect(first).to.deep.equal([
        { kind: 'key', key: 'lead', bare: true },
        { kind: 'key', key: 'email', bare: true },
      ]);
      const where = paths.get('a[b.c=1]')[1] as Extract<PathSegment, { kind: 'where' }>;
      for (const part of [first, first[0], where, where.field, where.field[0]]) expect(Object.isFrozen(part)).to.equal(true);
      paths.get('lead.email'); // now the most recently read
      paths.get('x');
      expect(paths.get('lead.email')).to.equal(first);
      paths.get('a[b.c=1]');
      expect(parsed).to.deep.equal(['lead.email', 'a[b.c=1]', 'x', 'a[b.c=1]']);
      // A path that does not parse is not kept: it throws every time.
      expect(() => paths.get('a..b')).to.throw(PathSyntaxError);
      expect(() => paths.get('a..b')).to.throw(PathSyntaxError);
    });

    it('reads the paths of deliveries through one shared set of parsed paths', () => {
      expect(parsedPaths.get('entry.0.changes.0.value.leadgen_id')).to.equal(parsedPaths.get('entry.0.changes.0.value.leadgen_id'));
      expect(() => parsedPaths.get('a[')).to.throw(PathSyntaxError);
    });
  });
});
