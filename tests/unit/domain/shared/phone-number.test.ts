import { expect } from 'chai';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { PhoneNumber } from '../../../../domain/shared/phone-number';

const refused = (input: unknown): ValidationFailed => {
  try {
    PhoneNumber.parse(input);
  } catch (e) {
    expect(e).to.be.instanceOf(ValidationFailed);
    return e as ValidationFailed;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be refused`);
};

describe('PhoneNumber', () => {
  describe('parse', () => {
    it('strips formatting and keeps the country code of an international number', () => {
      expect(PhoneNumber.parse('+55 (11) 98765-4321').digits).to.equal('5511987654321');
      expect(PhoneNumber.parse('+1 (415) 555-2671').digits).to.equal('14155552671');
      expect(PhoneNumber.parse('+44 20 7946 0958').digits).to.equal('442079460958');
      expect(PhoneNumber.parse('0055 11 98765 4321').digits).to.equal('5511987654321');
    });

    it('adds 55 to a local Brazilian number with its area code', () => {
      expect(PhoneNumber.parse('(11) 98765-4321').digits).to.equal('5511987654321');
      expect(PhoneNumber.parse('11987654321').digits).to.equal('5511987654321');
      expect(PhoneNumber.parse('21 3456-7890').digits).to.equal('552134567890');
      // area code 55 (Rio Grande do Sul) is not mistaken for the country code
      expect(PhoneNumber.parse('55 99123-4567').digits).to.equal('5555991234567');
    });

    it('drops the trunk prefix and the carrier code of a Brazilian long-distance dialling', () => {
      expect(PhoneNumber.parse('011 98765-4321').digits).to.equal('5511987654321');
      expect(PhoneNumber.parse('0 21 11 98765 4321').digits).to.equal('5511987654321');
    });

    it('accepts Brazilian digits that already carry 55', () => {
      expect(PhoneNumber.parse('5511987654321').digits).to.equal('5511987654321');
    });

    it('accepts a Brazilian mobile written without its 9th digit and keeps it as written', () => {
      expect(PhoneNumber.parse('551187654321').digits).to.equal('551187654321');
      expect(PhoneNumber.parse('(11) 8765-4321').digits).to.equal('551187654321');
    });

    it('reads digits that are no Brazilian number as a foreign number with its country code', () => {
      expect(PhoneNumber.parse('14155552671').digits).to.equal('14155552671');
      expect(PhoneNumber.parse('447911123456').digits).to.equal('447911123456');
    });

    it('refuses a number without area code or country code, naming the phone field', () => {
      const error = refused('98765-4321');
      expect(error.code).to.equal('VALIDATION_ERROR');
      expect(error.details).to.deep.equal({ field: 'phone' });
    });

    it('refuses a foreign number that lacks its country code', () => {
      refused('7911 123456');
    });

    it('refuses what is not a phone number', () => {
      for (const bad of [
        '',
        '   ',
        'abc',
        '11 98765-4321 ramal',
        'ramal 12',
        '+',
        42,
        null,
        '+55 11 1234 5678',
        '\u200e\u200f',
        '0xx',
        '11 98765-4321 ramal 12 ramal 13',
      ])
        refused(bad);
    });

    it('ignores the invisible direction marks a number copied from WhatsApp Desktop is wrapped in', () => {
      expect(PhoneNumber.parse('\u202a+55 11 98765-4321\u202c').digits).to.equal('5511987654321');
      expect(PhoneNumber.parse('\u200e+55 (11) 98765-4321\u200f').digits).to.equal('5511987654321');
      expect(PhoneNumber.parse('\u2066(11) 98765-4321\u2069').digits).to.equal('5511987654321');
      expect(PhoneNumber.parse('\ufeff\u200b11987654321').digits).to.equal('5511987654321');
    });

    it('reads Unicode dashes and spaces as the formatting they stand for', () => {
      expect(PhoneNumber.parse('(11) 98765\u20114321').digits).to.equal('5511987654321'); // non-breaking hyphen
      expect(PhoneNumber.parse('11 98765\u20134321').digits).to.equal('5511987654321'); // en dash
      expect(PhoneNumber.parse('11 98765\u22124321').digits).to.equal('5511987654321'); // minus sign
      expect(PhoneNumber.parse('+55\u00a011\u00a098765\u00a04321').digits).to.equal('5511987654321'); // no-break space
      expect(PhoneNumber.parse('+55\u202f11\u2009987654321').digits).to.equal('5511987654321'); // narrow and thin spaces
      expect(PhoneNumber.parse('（１１）　９８７６５－４３２１').digits).to.equal('5511987654321'); // fullwidth
    });

    it('reads 0xx before the area code as the trunk prefix with its carrier code left out', () => {
      expect(PhoneNumber.parse('0xx11 98765-4321').digits).to.equal('5511987654321');
      expect(PhoneNumber.parse('(0xx11) 98765-4321').digits).to.equal('5511987654321');
      expect(PhoneNumber.parse('0XX21 3456-7890').digits).to.equal('552134567890');
      expect(PhoneNumber.parse('(0xx 11) 3333-4444').digits).to.equal('551133334444');
    });

    it('drops an extension written after the number', () => {
      expect(PhoneNumber.parse('(11) 3333-4444 ramal 12').digits).to.equal('551133334444');
      expect(PhoneNumber.parse('(11) 3333-4444 Ramal: 205').digits).to.equal('551133334444');
      expect(PhoneNumber.parse('(11) 3333-4444 r. 12').digits).to.equal('551133334444');
      expect(PhoneNumber.parse('11 3333-4444, ext. 12').digits).to.equal('551133334444');
      expect(PhoneNumber.parse('+1 415 555 2671 ext 9').digits).to.equal('14155552671');
      expect(PhoneNumber.parse('+1 415 555 2671 x9').digits).to.equal('14155552671');
    });

    it('names the field it was given', () => {
      expect(() => PhoneNumber.parse('x', 'to'))
        .to.throw(ValidationFailed)
        .with.deep.property('details', { field: 'to' });
    });
  });

  describe('Brazilian 9th digit variants', () => {
    it('treats 55 DD 9XXXXXXXX and 55 DD XXXXXXXX as one person', () => {
      const modern = PhoneNumber.parse('5511987654321');
      const old = PhoneNumber.parse('551187654321');
      expect(modern.sameAs(old)).to.equal(true);
      expect(old.sameAs(modern)).to.equal(true);
      expect(modern.canonical).to.equal(old.canonical);
    });

    it('lists its own digits first, then the other spelling', () => {
      expect(PhoneNumber.parse('5511987654321').variants()).to.deep.equal(['5511987654321', '551187654321']);
      expect(PhoneNumber.parse('551187654321').variants()).to.deep.equal(['551187654321', '5511987654321']);
    });

    it('gives a fixed line no variant, so a mobile 9 3456-7890 is not the landline 3456-7890', () => {
      const landline = PhoneNumber.parse('551134567890');
      const mobile = PhoneNumber.parse('5511934567890');
      expect(landline.variants()).to.deep.equal(['551134567890']);
      expect(mobile.variants()).to.deep.equal(['5511934567890']);
      expect(landline.sameAs(mobile)).to.equal(false);
    });

    it('gives a foreign number no variant', () => {
      expect(PhoneNumber.parse('+1 415 555 2671').variants()).to.deep.equal(['14155552671']);
    });

    it('does not join numbers of different area codes', () => {
      expect(PhoneNumber.parse('5511987654321').sameAs(PhoneNumber.parse('5521987654321'))).to.equal(false);
    });
  });

  describe('fromProvider', () => {
    it('takes a WhatsApp id or JID as international digits', () => {
      expect(PhoneNumber.fromProvider('551187654321').digits).to.equal('551187654321');
      expect(PhoneNumber.fromProvider('5511987654321@s.whatsapp.net').digits).to.equal('5511987654321');
      expect(PhoneNumber.fromProvider('16505551234').digits).to.equal('16505551234');
    });

    it('refuses what cannot be a number', () => {
      expect(() => PhoneNumber.fromProvider('12')).to.throw(ValidationFailed);
    });
  });

  it('gives the WhatsApp JID of the number', () => {
    expect(PhoneNumber.parse('11987654321').jid).to.equal('5511987654321@s.whatsapp.net');
  });
});
