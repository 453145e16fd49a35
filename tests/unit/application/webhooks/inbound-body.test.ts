import { expect } from 'chai';
import { MAX_FORM_FIELDS, parseForm, readInboundBody } from '../../../../application/webhooks/inbound-body';

const FORM = 'application/x-www-form-urlencoded';

describe('Inbound body reading', () => {
  it('appends `[]` fields in one pass, however many there are', () => {
    // Scanning every key for each `a[]` made 30 000 of them take about a minute.
    const n = 30_000;
    const raw = Array.from({ length: n }, (_, i) => `a[]=${i}`).join('&');
    const out = parseForm(raw) as { a: string[] };
    expect(out.a).to.have.length(n);
    expect(out.a[0]).to.equal('0');
    expect(out.a[n - 1]).to.equal(String(n - 1));
  });

  it('appends after explicit indexes, and nested appends each start their own list', () => {
    const out = parseForm('a[3]=x&a[]=y&b[k][]=1&b[k][]=2&c[][n]=p&c[][n]=q');
    expect(out).to.deep.equal({ a: { 3: 'x', 4: 'y' }, b: { k: ['1', '2'] }, c: [{ n: 'p' }, { n: 'q' }] });
  });

  it(`reads a form of ${MAX_FORM_FIELDS} fields, and refuses one of more with the reason, never dropping the rest`, () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=v`).join('&');
    const read = readInboundBody(fields(MAX_FORM_FIELDS), FORM);
    expect(read.error).to.equal(null);
    expect(Object.keys(read.payload as object)).to.have.length(MAX_FORM_FIELDS);
    const over = readInboundBody(fields(MAX_FORM_FIELDS + 1), FORM);
    expect(over).to.deep.include({ payload: null, unsupported: false });
    expect(over.error).to.match(new RegExp(`more than ${MAX_FORM_FIELDS} fields`));
  });

  it('counts only fields, not the empty pieces of `&&`', () => {
    const raw = `${'&'.repeat(5000)}nome=Ana`;
    expect(readInboundBody(raw, FORM)).to.deep.equal({ payload: { nome: 'Ana' }, error: null });
  });

  it('reads JSON sent as a form, as Google Apps Script sends a string payload by default', () => {
    const json = '{"nome":"João Simões","email":"joao@example.com.br","telefone":"(11) 98765-4321"}';
    expect(readInboundBody(json, FORM)).to.deep.equal({
      payload: { nome: 'João Simões', email: 'joao@example.com.br', telefone: '(11) 98765-4321' },
      error: null,
    });
    expect(readInboundBody('[{"nome":"Ana"}]', `${FORM}; charset=UTF-8`).payload).to.deep.equal([{ nome: 'Ana' }]);
    // A form whose first key merely starts with a brace stays a form.
    expect(readInboundBody('{x}=1&nome=Ana', FORM).payload).to.deep.equal({ '{x}': '1', nome: 'Ana' });
  });
});
