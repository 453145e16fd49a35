import { expect } from 'chai';
import {
  attributionOf,
  mapInboundPayload,
  mapInboundRecords,
  parseFieldMapping,
  requireContactPoint,
  valueAt,
} from '../../../../domain/webhooks/field-mapping';
import { ValidationFailed } from '../../../../domain/shared/errors';

describe('Inbound field mapping', () => {
  it('reads dot paths through objects and array indexes, undefined when absent', () => {
    const payload = { a: { b: [{ c: 'x' }, 'y'] }, n: 0 };
    expect(valueAt(payload, 'a.b.0.c')).to.equal('x');
    expect(valueAt(payload, 'a.b.1')).to.equal('y');
    expect(valueAt(payload, 'n')).to.equal(0);
    expect(valueAt(payload, 'a.x.c')).to.equal(undefined);
    expect(valueAt(payload, 'a.b.c')).to.equal(undefined);
    expect(valueAt('text', 'a')).to.equal(undefined);
    expect(valueAt({ constructor: 1 }, 'toString')).to.equal(undefined);
  });

  it('without a mapping reads each target from the top-level key of its name, `name` standing for full_name', () => {
    const f = mapInboundPayload(
      {
        name: 'Ana',
        phone: 11987654321,
        email: ' ana@x.com ',
        value: '1500.5',
        tags: 'a, b,,c',
        utm_term: 'crm',
        utm_content: 'ad-1',
        custom_fields: { plan: 'pro' },
        metadata: { form: 'lp' },
        ignored: 'x',
      },
      {},
    );
    expect(f).to.include({ fullName: 'Ana', phone: '+5511987654321', email: 'ana@x.com', value: 1500.5, title: null, source: null });
    expect(f.tags).to.deep.equal(['a', 'b', 'c']);
    expect(f.utm).to.deep.equal({ utm_source: null, utm_medium: null, utm_campaign: null, utm_term: 'crm', utm_content: 'ad-1' });
    expect(f.customFields).to.deep.equal({ plan: 'pro' });
    expect(f.metadata).to.deep.equal({ form: 'lp' });
    expect(mapInboundPayload({ name: 'A', full_name: 'B' }, {}).fullName).to.equal('B');
  });

  it('with a mapping reads mapped targets by path and adds custom_fields.<key> and metadata.<key>', () => {
    const mapping = parseFieldMapping({
      full_name: 'lead.nome',
      'custom_fields.plano': 'answers.0',
      'metadata.page': 'ctx.url',
      email: 'missing.path',
    });
    const f = mapInboundPayload(
      {
        lead: { nome: 'Bruno' },
        answers: ['Pro'],
        ctx: { url: '/lp' },
        email: 'top@x.com',
        phone: '11 3333-4444',
        custom_fields: { a: 1 },
      },
      mapping,
    );
    expect(f).to.include({ fullName: 'Bruno', email: null, phone: '+551133334444' });
    expect(f.customFields).to.deep.equal({ a: 1, plano: 'Pro' });
    expect(f.metadata).to.deep.equal({ page: '/lp' });
  });

  it('refuses a mapping that is not an object, names an unknown target or has an empty path', () => {
    for (const bad of [[], 'x', { password: 'p' }, { full_name: '' }, { full_name: 3 }, { 'custom_fields.': 'x' }, { email: 'a..b' }]) {
      expect(() => parseFieldMapping(bad), JSON.stringify(bad)).to.throw(ValidationFailed);
    }
    expect(parseFieldMapping(null)).to.deep.equal({});
    expect(parseFieldMapping({ utm_content: ' c ' })).to.deep.equal({ utm_content: 'c' });
  });

  it('reads a value it cannot read as null instead of refusing the payload', () => {
    expect(mapInboundPayload({ name: 'A', value: 'muito' }, {})).to.include({
      value: null,
      notes: 'value "muito" not read: is not an amount',
    });
    expect(mapInboundPayload({ name: 'A', value: '' }, {})).to.include({ value: null, notes: null });
  });

  it('needs a name, a phone or an email', () => {
    expect(() => requireContactPoint(mapInboundPayload({ message: 'hi' }, {}))).to.throw(ValidationFailed, /no name, phone or email/);
    expect(() => requireContactPoint(mapInboundPayload({ email: 'a@b.co' }, {}))).to.not.throw();
    expect(() => requireContactPoint(mapInboundPayload([1, 2], {}))).to.throw(ValidationFailed);
  });

  it('keeps the full UTM set as the first touch of the attribution, null without any', () => {
    expect(attributionOf(mapInboundPayload({ name: 'A' }, {}))).to.equal(null);
    expect(attributionOf(mapInboundPayload({ name: 'A', utm_term: 't', utm_content: 'c' }, {}))).to.deep.equal({
      first: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: 't', utm_content: 'c' },
    });
  });
  describe('mapping language', () => {
    it('accepts quoted, bracketed and filtered paths and lists of paths, trimmed', () => {
      const raw = {
        full_name: [' first_name ', 'last_name'],
        email: 'namedValues["E-mail"].0',
        phone: 'field_data[name=phone_number].values.0',
        notes: '"Qual é a sua dúvida?"',
        'custom_fields.plano': "data.fields[label='Plano'].value",
        utm_source: 'leads[*].utm',
      };
      expect(parseFieldMapping(raw)).to.deep.equal({ ...raw, full_name: ['first_name', 'last_name'] });
    });

    it('refuses a bad path naming the target and the path, with the field it was given', () => {
      const cases: [unknown, RegExp][] = [
        [{ full_name: 'a..b' }, /field_mapping\.full_name path "a\.\.b" is not valid: .*empty segment/],
        [{ email: 'namedValues["E-mail.0' }, /field_mapping\.email path .* unclosed "/],
        [{ phone: 'field_data[name=phone' }, /field_mapping\.phone path .* unclosed \[/],
        [{ phone: 'field_data[name].values' }, /field_mapping\.phone path .*filter/],
        [{ full_name: ['first_name', 'a b'] }, /field_mapping\.full_name path "a b" .*quote/],
        [{ full_name: [] }, /field_mapping\.full_name must be a path/],
        [{ full_name: ['a', 3] }, /field_mapping\.full_name must be a path/],
        [{ full_name: ['a', 'b', 'c', 'd', 'e', 'f'] }, /list of 1 to 5 paths/],
        [{ email: 'leads[*].contacts[*].email' }, /only one \[\*\] per path/],
        [
          { email: 'leads[*].email', phone: 'others[*].phone' },
          /field_mapping\.phone path "others\[\*\]\.phone" .*same array; field_mapping\.email has "leads\[\*\]\.email"/,
        ],
      ];
      for (const [raw, message] of cases) {
        try {
          parseFieldMapping(raw, 'endpoint.mapping');
          expect.fail(`accepted ${JSON.stringify(raw)}`);
        } catch (err) {
          expect(err, JSON.stringify(raw)).to.be.instanceOf(ValidationFailed);
          expect((err as ValidationFailed).message, JSON.stringify(raw)).to.match(message);
          expect((err as ValidationFailed).details).to.deep.equal({ field: 'endpoint.mapping' });
        }
      }
      expect(() => parseFieldMapping({ email: 'leads[*].email', phone: '"leads"[*].phone', source: 'origin' })).to.not.throw();
    });

    it('refuses, as a validation error and not a crash, a stored mapping the language cannot read', () => {
      expect(() => mapInboundRecords({ a: 1 }, { email: 'a["b' })).to.throw(
        ValidationFailed,
        /^field_mapping\.email path .+ is not valid: .*unclosed "/,
      );
    });

    it('keeps valueAt reading the paths of the language', () => {
      expect(valueAt({ f: [{ name: 'email', values: ['a@x.com'] }] }, 'f[name=email].values.0')).to.equal('a@x.com');
    });
  });

  describe('records', () => {
    it('joins several paths into one target with one space, skipping missing or empty parts', () => {
      const mapping = parseFieldMapping({ full_name: ['first_name', 'middle', 'last_name'] });
      expect(mapInboundPayload({ first_name: ' Maria ', middle: '', last_name: 'da Conceição' }, mapping).fullName).to.equal(
        'Maria da Conceição',
      );
      expect(mapInboundPayload({ last_name: 'Souza' }, mapping).fullName).to.equal('Souza');
      expect(mapInboundPayload({ name: 'ignored: the target is mapped' }, mapping).fullName).to.equal(null);
    });

    it('makes one record per item under [*], sharing the paths outside it', () => {
      const mapping = parseFieldMapping({
        email: 'leads[*].email',
        full_name: 'leads[*].name',
        source: 'origem',
        'metadata.form': 'form.id',
      });
      const records = mapInboundRecords(
        {
          origem: 'RD Station',
          form: { id: 'f-1' },
          leads: [
            { name: 'Ana', email: 'ana@x.com', personal_phone: '(11) 98765-4321' },
            { name: 'Bia', email: 'bia@x.com', empresa: 'Bia ME' },
          ],
        },
        mapping,
      );
      expect(records.map((r) => r.fields.fullName)).to.deep.equal(['Ana', 'Bia']);
      expect(records.map((r) => r.fields.email)).to.deep.equal(['ana@x.com', 'bia@x.com']);
      expect(records.map((r) => r.fields.source)).to.deep.equal(['RD Station', 'RD Station']);
      expect(records.map((r) => r.fields.metadata)).to.deep.equal([{ form: 'f-1' }, { form: 'f-1' }]);
      // Unmapped targets read the item: its Portuguese keys too.
      expect(records[1].fields.companyName).to.equal('Bia ME');
      expect(records[0].fields.phone).to.equal(null);
    });

    it('still makes one record when the [*] array is empty or missing', () => {
      const mapping = parseFieldMapping({ email: 'leads[*].email', source: 'origem' });
      for (const payload of [{ leads: [], origem: 'x' }, { origem: 'x' }]) {
        const records = mapInboundRecords(payload, mapping);
        expect(records).to.have.length(1);
        expect(records[0].fields).to.include({ email: null, source: 'x' });
        expect(() => requireContactPoint(records[0].fields)).to.throw(ValidationFailed);
      }
    });

    it('reads a top-level array as one record per element, unless the paths start at the array', () => {
      const payload = [
        { nome: 'Ana', email: 'ana@x.com' },
        { nome: 'Bia', celular: '21 99876-5432' },
      ];
      expect(mapInboundRecords(payload, {}).map((r) => r.fields.fullName)).to.deep.equal(['Ana', 'Bia']);
      expect(mapInboundRecords(payload, parseFieldMapping({ email: 'email' })).map((r) => r.fields.email)).to.deep.equal([
        'ana@x.com',
        null,
      ]);
      expect(mapInboundRecords(payload, {})[1].fields.phone).to.equal('+5521998765432');
      const indexed = mapInboundRecords(payload, parseFieldMapping({ email: '0.email', full_name: '1.nome' }));
      expect(indexed).to.have.length(1);
      expect(indexed[0].fields).to.include({ email: 'ana@x.com', fullName: 'Bia' });
      const starred = mapInboundRecords(payload, parseFieldMapping({ full_name: '[*].nome' }));
      expect(starred.map((r) => r.fields.fullName)).to.deep.equal(['Ana', 'Bia']);
      expect(mapInboundRecords([], {})).to.have.length(1);
    });

    it('without a mapping reads Portuguese keys, English keys first, ignoring case and accents', () => {
      const f = mapInboundPayload(
        {
          Nome: 'João da Silva',
          'E-mail': 'joao@x.com.br',
          Telefone: '(11) 3333-4444',
          Empresa: 'Silva & Filhos',
          Observações: 'Ligar à tarde',
        },
        {},
      );
      expect(f).to.include({
        fullName: 'João da Silva',
        email: 'joao@x.com.br',
        phone: '+551133334444',
        companyName: 'Silva & Filhos',
        notes: 'Ligar à tarde',
      });
      expect(mapInboundPayload({ nome_completo: 'Maria Souza', nome: 'Maria' }, {}).fullName).to.equal('Maria Souza');
      expect(mapInboundPayload({ whatsapp: '11 98765-4321' }, {}).phone).to.equal('+5511987654321');
      // Every phone key is read: the mobile is the phone whichever key holds it, the landline goes to the notes.
      expect(mapInboundPayload({ celular: '11 98765-4321', phone: '11 3333-4444' }, {})).to.include({
        phone: '+5511987654321',
        notes: 'phone also given: 11 3333-4444',
      });
      expect(mapInboundPayload({ nome: 'Ana', name: 'Anne' }, {}).fullName).to.equal('Anne');
      expect(mapInboundPayload({ mensagem: 'Quero um orçamento' }, {}).notes).to.equal('Quero um orçamento');
      // An empty English key does not hide the Portuguese one.
      expect(mapInboundPayload({ email: '', 'e-mail': 'a@x.com' }, {}).email).to.equal('a@x.com');
    });

    it('turns an unreadable phone, e-mail or value into null with a warning written into the notes', () => {
      const [record] = mapInboundRecords(
        {
          nome: 'Ana Souza',
          telefone: '0800 abc',
          email: 'ana@gmail,com',
          value: 'R$ a combinar',
          mensagem: 'Quero orçamento',
        },
        {},
      );
      expect(record.fields).to.include({ fullName: 'Ana Souza', phone: null, email: null, value: null });
      expect(record.warnings.map((w) => [w.field, w.value])).to.deep.equal([
        ['phone', '0800 abc'],
        ['email', 'ana@gmail,com'],
        ['value', 'R$ a combinar'],
      ]);
      expect(record.warnings.every((w) => w.reason.length > 0)).to.equal(true);
      const lines = record.fields.notes!.split('\n');
      expect(lines[0]).to.equal('Quero orçamento');
      expect(lines[1]).to.match(/^phone "0800 abc" not read: .+/);
      expect(lines[2]).to.equal('email "ana@gmail,com" not read: must be a valid address');
      expect(lines[3]).to.equal('value "R$ a combinar" not read: is not an amount');
      expect(() => requireContactPoint(record.fields)).to.not.throw();
    });

    it('keeps the other numbers of a phone field in the notes', () => {
      const [record] = mapInboundRecords({ name: 'Ana', phone: '(11) 3333-4444 / (11) 98888-7777' }, {});
      expect(record.fields).to.include({ phone: '+5511988887777', notes: 'phone also given: (11) 3333-4444' });
      expect(record.warnings).to.deep.equal([]);
    });

    it('without a mapping takes the first mobile of every phone key, and keeps the other numbers in the notes', () => {
      // An Elementor or RD Station form with a landline field and a WhatsApp field: the mobile was dropped.
      const [record] = mapInboundRecords({ Nome: 'Ana Souza', Telefone: '(11) 3333-4444', WhatsApp: '(11) 98888-7777' }, {});
      expect(record.fields).to.include({ phone: '+5511988887777', notes: 'phone also given: (11) 3333-4444' });
      const [landline] = mapInboundRecords({ nome: 'Ana', telefone: '(11) 3333-4444', celular: '' }, {});
      expect(landline.fields).to.include({ phone: '+551133334444', notes: null });
      const [same] = mapInboundRecords({ nome: 'Ana', telefone: '11 98888-7777', whatsapp: '+55 (11) 98888-7777' }, {});
      expect(same.fields).to.include({ phone: '+5511988887777' });
    });
  });
});
