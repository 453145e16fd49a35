import { expect } from 'chai';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { parsePersonIdentifiers, personTextFragments, textHoldsPerson } from '../../../../domain/privacy/person-identifiers';

const refused = (input: Record<string, unknown>): ValidationFailed => {
  try {
    parsePersonIdentifiers(input);
  } catch (e) {
    expect(e).to.be.instanceOf(ValidationFailed);
    return e as ValidationFailed;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be refused`);
};

describe('Person identifiers', () => {
  describe('parsePersonIdentifiers', () => {
    it('trims the e-mail and keeps it in lower case', () => {
      expect(parsePersonIdentifiers({ email: ' Maria@Exemplo.COM.br ' }).email).to.equal('maria@exemplo.com.br');
    });

    it('reads a Brazilian mobile as typed into every spelling a record may hold', () => {
      const phone = parsePersonIdentifiers({ phone: '(11) 98765-4321' }).phone!;
      expect(phone.key).to.equal('5511987654321');
      expect(phone.international).to.have.members(['5511987654321', '551187654321']);
      expect(phone.variants).to.have.members(['5511987654321', '551187654321', '11987654321', '1187654321', '011987654321', '01187654321']);
    });

    it('finds the same person from the number without its ninth digit, with +55', () => {
      const old = parsePersonIdentifiers({ phone: '+55 11 8765-4321' }).phone!;
      const current = parsePersonIdentifiers({ phone: '(11) 98765-4321' }).phone!;
      expect(old.key).to.equal(current.key);
      expect(old.variants).to.have.members(current.variants);
    });

    it('keeps a fixed line and a foreign number to their own digits', () => {
      expect(parsePersonIdentifiers({ phone: '(21) 3456-7890' }).phone!.variants).to.have.members([
        '552134567890',
        '2134567890',
        '02134567890',
      ]);
      expect(parsePersonIdentifiers({ phone: '+1 (415) 555-2671' }).phone!.variants).to.deep.equal(['14155552671']);
    });

    it('reads a CPF and a CNPJ with any punctuation', () => {
      const ids = parsePersonIdentifiers({ cpf: '123.456.789-09', cnpj: '11.222.333/0001-81' });
      expect(ids.cpf).to.equal('12345678909');
      expect(ids.cnpj).to.equal('11222333000181');
      expect(parsePersonIdentifiers({ cpf: ' 123 456 789 09 ' }).cpf).to.equal('12345678909');
    });

    it('refuses an invalid identifier on its own field', () => {
      expect(refused({ cpf: '123.456.789-00' }).details).to.include({ field: 'cpf' });
      expect(refused({ cnpj: '11.222.333/0001-00' }).details).to.include({ field: 'cnpj' });
      expect(refused({ email: 'maria@' }).details).to.include({ field: 'email' });
      expect(refused({ phone: '12' }).details).to.include({ field: 'phone' });
      expect(refused({ email: 42 }).details).to.include({ field: 'email' });
      expect(refused({ email: 'maria@exemplo.com', cpf: '111.111.111-11' }).details).to.include({ field: 'cpf' });
    });

    it('refuses a request with no identifier, naming the fields', () => {
      for (const input of [{}, { email: '' }, { email: null, phone: '  ' }]) {
        const err = refused(input);
        expect(err.message).to.include('email, phone, cpf, cnpj');
        expect(err.details).to.deep.include({ fields: ['email', 'phone', 'cpf', 'cnpj'] });
      }
    });
  });

  describe('textHoldsPerson', () => {
    const ids = parsePersonIdentifiers({ email: 'maria@exemplo.com.br', phone: '11 98765-4321', cpf: '12345678909' });

    it('finds each identifier in a body as it was posted', () => {
      const json = (o: object) => JSON.stringify(o);
      expect(textHoldsPerson(json({ e_mail: 'Maria@Exemplo.com.br' }), ids)).to.equal(true);
      expect(textHoldsPerson(json({ phone: '(11) 98765-4321' }), ids)).to.equal(true);
      expect(textHoldsPerson(json({ phone: '+55 11 8765-4321' }), ids)).to.equal(true);
      expect(textHoldsPerson(json({ whatsapp: '5511987654321' }), ids)).to.equal(true);
      expect(textHoldsPerson(json({ cpf: '123.456.789-09' }), ids)).to.equal(true);
      expect(textHoldsPerson('name=Maria&email=maria%40exemplo.com.br', ids)).to.equal(true);
      expect(textHoldsPerson('name=Maria&phone=%2811%29+98765-4321', ids)).to.equal(true);
    });

    it('reads a form-encoded e-mail with a plus, and a foreign number however its country groups the digits', () => {
      const plus = parsePersonIdentifiers({ email: 'maria+loja@exemplo.com.br' });
      expect(textHoldsPerson('email=maria%2Bloja%40exemplo.com.br&nome=Maria', plus)).to.equal(true);
      const french = parsePersonIdentifiers({ phone: '+33 1 23 45 67 89' });
      expect(textHoldsPerson(JSON.stringify({ tel: '+33 1 23 45 67 89' }), french)).to.equal(true);
    });

    it('does not take part of another value for the person', () => {
      expect(textHoldsPerson(JSON.stringify({ email: 'ana.maria@exemplo.com.br' }), ids)).to.equal(false);
      expect(textHoldsPerson(JSON.stringify({ phone: '(11) 98765-4322', id: '8765-4321-99' }), ids)).to.equal(false);
      expect(textHoldsPerson(JSON.stringify({ n: '912345678909' }), ids)).to.equal(false);
      expect(textHoldsPerson(null, ids)).to.equal(false);
    });
  });

  describe('personTextFragments', () => {
    it("keeps a foreign number's last digits in order, whatever groups them", () => {
      expect(personTextFragments(parsePersonIdentifiers({ phone: '+33 1 23 45 67 89' }))).to.deep.equal([
        ['2', '3', '4', '5', '6', '7', '8', '9'],
      ]);
    });

    it('gives, for each identifier, the fragments every spelling of it holds in order', () => {
      const fragments = personTextFragments(
        parsePersonIdentifiers({ email: 'maria@exemplo.com.br', phone: '11 98765-4321', cpf: '12345678909', cnpj: '11222333000181' }),
      );
      expect(fragments).to.deep.include(['maria', 'exemplo', 'com', 'br']);
      expect(fragments).to.deep.include(['8765', '4321']);
      expect(fragments).to.deep.include(['123', '456', '789', '09']);
      expect(fragments).to.deep.include(['11', '222', '333', '0001', '81']);
    });
  });
});
