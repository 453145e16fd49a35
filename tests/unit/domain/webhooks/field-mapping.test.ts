import { expect } from 'chai';
import {
  attributionOf, mapInboundPayload, parseFieldMapping, requireContactPoint, valueAt,
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
    const f = mapInboundPayload({
      name: 'Ana', phone: 11987654321, email: ' ana@x.com ', value: '1500.5', tags: 'a, b,,c', utm_term: 'crm', utm_content: 'ad-1',
      custom_fields: { plan: 'pro' }, metadata: { form: 'lp' }, ignored: 'x',
    }, {});
    expect(f).to.include({ fullName: 'Ana', phone: '11987654321', email: 'ana@x.com', value: 1500.5, title: null, source: null });
    expect(f.tags).to.deep.equal(['a', 'b', 'c']);
    expect(f.utm).to.deep.equal({ utm_source: null, utm_medium: null, utm_campaign: null, utm_term: 'crm', utm_content: 'ad-1' });
    expect(f.customFields).to.deep.equal({ plan: 'pro' });
    expect(f.metadata).to.deep.equal({ form: 'lp' });
    expect(mapInboundPayload({ name: 'A', full_name: 'B' }, {}).fullName).to.equal('B');
  });

  it('with a mapping reads mapped targets by path and adds custom_fields.<key> and metadata.<key>', () => {
    const mapping = parseFieldMapping({ full_name: 'lead.nome', 'custom_fields.plano': 'answers.0', 'metadata.page': 'ctx.url', email: 'missing.path' });
    const f = mapInboundPayload({
      lead: { nome: 'Bruno' }, answers: ['Pro'], ctx: { url: '/lp' }, email: 'top@x.com', phone: '11 3333-4444', custom_fields: { a: 1 },
    }, mapping);
    expect(f).to.include({ fullName: 'Bruno', email: null, phone: '11 3333-4444' });
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

  it('refuses a value that is not a number', () => {
    expect(() => mapInboundPayload({ name: 'A', value: 'muito' }, {})).to.throw(ValidationFailed, /value/);
    expect(mapInboundPayload({ name: 'A', value: '' }, {}).value).to.equal(null);
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
});
