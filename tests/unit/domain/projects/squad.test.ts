import { expect } from 'chai';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { Squad } from '../../../../domain/projects/squad';

const now = new Date('2026-01-02T03:04:05.000Z');

describe('Squad', () => {
  it('keeps its trimmed name and refuses an empty one', () => {
    expect(Squad.create('s1', 't', '  Growth ', now).snapshot()).to.deep.equal({
      id: 's1',
      teamId: 't',
      name: 'Growth',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    expect(() => Squad.create('s2', 't', '  ', now))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'name');
  });
});
