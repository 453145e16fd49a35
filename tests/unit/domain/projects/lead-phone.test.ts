import { expect } from 'chai';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { leadEmailKey, leadPhoneKey, normalizeLeadEmail, normalizeLeadPhone } from '../../../../domain/projects/lead-phone';

describe('normalizeLeadPhone', () => {
  it('stores a Brazilian number as +55 and digits, whatever the formatting', () => {
    expect(normalizeLeadPhone('(11) 98765-4321')).to.equal('+5511987654321');
    expect(normalizeLeadPhone('11 3456.7890')).to.equal('+551134567890');
    expect(normalizeLeadPhone('+55 (21) 99999-0000')).to.equal('+5521999990000');
    expect(normalizeLeadPhone('5511987654321')).to.equal('+5511987654321');
    expect(normalizeLeadPhone('011 98765-4321')).to.equal('+5511987654321');
  });

  it('reads an 11-digit number from area code 55 as local', () => {
    expect(normalizeLeadPhone('55 98765-4321')).to.equal('+5555987654321');
  });

  it('keeps a foreign number that carries its country code', () => {
    expect(normalizeLeadPhone('+1 (415) 555-0100')).to.equal('+14155550100');
    expect(normalizeLeadPhone('0044 20 7946 0958')).to.equal('+442079460958');
  });

  it('refuses letters and a number without area code', () => {
    expect(() => normalizeLeadPhone('call me'))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'phone');
    expect(() => normalizeLeadPhone('98765-4321')).to.throw(ValidationFailed);
  });
});

describe('leadPhoneKey', () => {
  it('makes the old eight-digit mobile form and the nine-digit form the same key', () => {
    expect(leadPhoneKey('+551187654321')).to.equal(leadPhoneKey('+5511987654321'));
  });

  it('keeps landlines and foreign numbers apart', () => {
    expect(leadPhoneKey('+551134567890')).to.equal('551134567890');
    expect(leadPhoneKey('+14155550100')).to.equal('14155550100');
  });
});

describe('lead email', () => {
  it('trims and keys case-insensitively', () => {
    expect(normalizeLeadEmail('  Ana@Example.com ')).to.equal('Ana@Example.com');
    expect(leadEmailKey('Ana@Example.com')).to.equal('ana@example.com');
  });

  it('refuses something that is not an address', () => {
    expect(() => normalizeLeadEmail('ana-at-example'))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'email');
  });
});
