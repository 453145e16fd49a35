import { expect } from 'chai';
import { anonymisedFields, erasedEventData } from '../../../../domain/privacy/erased-events';
import { ERASED_NAME, Redaction } from '../../../../domain/privacy/redaction';

const redaction = Redaction.of('e1', { names: ['Maria José da Silva'], emails: ['maria@example.com'] });

describe('Erased events', () => {
  it("names the fields an anonymisation changed in a record's shape, with their new values", () => {
    const before = { id: 'c1', name: 'Maria José da Silva', birth_date: '1980-05-04', status: 'active', updated_at: 'a' };
    const after = { id: 'c1', name: ERASED_NAME, birth_date: null, status: 'active', updated_at: 'b' };
    expect(anonymisedFields(before, after)).to.deep.equal({ name: ERASED_NAME, birth_date: null });
  });

  it('puts them in the object and the previous values of an event, keeps the rest as history, and rewrites what is left', () => {
    const data = {
      object: { id: 'c1', name: 'Maria José da Silva', birth_date: '1980-05-04', status: 'inactive', notes: 'see maria@example.com' },
      previous: { status: 'active', birth_date: '1979-01-01' },
    };
    expect(erasedEventData(data, { name: ERASED_NAME, birth_date: null, notes: null }, redaction)).to.deep.equal({
      object: { id: 'c1', name: ERASED_NAME, birth_date: null, status: 'inactive', notes: null },
      previous: { status: 'active', birth_date: null },
    });
    expect(erasedEventData({ object: { title: 'Call Maria José da Silva' } }, undefined, redaction)).to.deep.equal({
      object: { title: `Call ${ERASED_NAME}` },
    });
  });
});
