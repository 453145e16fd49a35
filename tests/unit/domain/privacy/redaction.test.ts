import { expect } from 'chai';
import { ERASED_NAME, REMOVED_VALUE, Redaction, erasureMarker } from '../../../../domain/privacy/redaction';

const ERASURE = '0190a000-0000-7000-8000-00000000e001';
const person = () =>
  Redaction.of(ERASURE, {
    names: ['Maria José da Silva', 'Zeca'],
    emails: ['Maria.Silva@Example.com'],
    phones: ['+55 11 98765-4321'],
    documents: ['390.533.447-05', '11.222.333/0001-81'],
  });

describe('Redaction', () => {
  it('names its marker after the erasure', () => {
    expect(person().marker).to.equal(erasureMarker(ERASURE));
    expect(erasureMarker(ERASURE)).to.equal(`[removed: personal data erasure ${ERASURE}]`);
  });

  describe('text', () => {
    it('turns a text that is only the name into the placeholder, and only an identifier into null', () => {
      const r = person();
      expect(r.text('Maria José da Silva')).to.equal(ERASED_NAME);
      expect(r.text('  MARIA JOSE DA SILVA ')).to.equal(ERASED_NAME);
      expect(r.text('maria.silva@example.com')).to.equal(null);
      expect(r.text('39053344705')).to.equal(null);
      expect(r.text('390.533.447-05')).to.equal(null);
      expect(r.text('+55 (11) 98765-4321')).to.equal(null);
      expect(r.text('5511987654321@s.whatsapp.net')).to.equal(`${REMOVED_VALUE}@s.whatsapp.net`);
    });

    it('replaces each value inside a longer text and keeps the rest', () => {
      const r = person();
      expect(r.text('Call maria josé  da silva about the contract')).to.equal(`Call ${ERASED_NAME} about the contract`);
      expect(r.text('mail: MARIA.SILVA@example.com.')).to.equal(`mail: ${REMOVED_VALUE}.`);
      expect(r.text('cpf 390.533.447-05, cnpj 11222333000181')).to.equal(`cpf ${REMOVED_VALUE}, cnpj ${REMOVED_VALUE}`);
    });

    it('finds the phone in every spelling: digits, formatted, without the country code, without the ninth digit', () => {
      const r = person();
      for (const spelling of [
        '5511987654321',
        '11987654321',
        '(11) 98765-4321',
        '11 9 8765 4321',
        '551187654321',
        '+55 11 8765-4321',
        '987654321',
      ]) {
        expect(r.text(`tel ${spelling} ok`), spelling).to.equal(`tel ${REMOVED_VALUE} ok`);
      }
    });

    it('leaves what only looks like a value: a longer number, a longer address, a name inside a word', () => {
      const r = person();
      expect(r.text('order 9551198765432100')).to.equal('order 9551198765432100');
      expect(r.text('xmaria.silva@example.community')).to.equal('xmaria.silva@example.community');
      expect(r.text('Zecarias')).to.equal('Zecarias');
      expect(r.text('0190a000-0000-7000-8000-000000000012')).to.equal('0190a000-0000-7000-8000-000000000012');
    });
  });

  describe('json', () => {
    it('walks every value and key, and nulls numbers that are identifiers', () => {
      const value = {
        object: { id: 'c1', name: 'Maria José da Silva', email: 'maria.silva@example.com', cpf: '39053344705', value: 1200, tags: ['vip'] },
        previous: { notes: 'spoke with Maria José da Silva on 11987654321' },
        raw: [{ phone: 5511987654321, 'maria.silva@example.com': true }],
      };
      expect(person().json(value)).to.deep.equal({
        object: { id: 'c1', name: ERASED_NAME, email: null, cpf: null, value: 1200, tags: ['vip'] },
        previous: { notes: `spoke with ${ERASED_NAME} on ${REMOVED_VALUE}` },
        raw: [{ phone: null, [REMOVED_VALUE]: true }],
      });
      expect(value.object.name).to.equal('Maria José da Silva');
    });

    it('keeps strings as strings when asked: an identifier alone becomes the removed marker', () => {
      expect(person().json(['Ana', 'maria.silva@example.com', 39053344705], { keep: true })).to.deep.equal([
        'Ana',
        REMOVED_VALUE,
        REMOVED_VALUE,
      ]);
    });
  });

  describe('jsonText', () => {
    it('rewrites a JSON document kept as text, and text that is not JSON as text', () => {
      const r = person();
      expect(r.jsonText('{"email":"maria.silva@example.com","value":10}')).to.equal('{"email":null,"value":10}');
      expect(r.jsonText('not json: maria.silva@example.com')).to.equal(`not json: ${REMOVED_VALUE}`);
    });
  });

  describe('touches', () => {
    it('is true for a value holding an e-mail, a phone, a document or a full name, and not for a lone first name', () => {
      const r = person();
      expect(r.touches({ a: ['x', { b: 'write to MARIA.silva@example.com' }] })).to.equal(true);
      expect(r.touches('(11) 98765-4321')).to.equal(true);
      expect(r.touches(39053344705)).to.equal(true);
      expect(r.touches('Maria José da Silva signed')).to.equal(true);
      expect(r.touches('Zeca')).to.equal(false);
      expect(r.touches({ name: 'Ana', cpf: '52998224725' })).to.equal(false);
    });
  });

  describe('candidates', () => {
    it('gives the fragments a stored text must hold, in order, to be worth reading', () => {
      const c = person().candidates();
      expect(c).to.deep.include(['maria.silva@example.com']);
      expect(c).to.deep.include(['390', '533', '447', '05']);
      expect(c).to.deep.include(['11', '222', '333', '0001', '81']);
      expect(c).to.deep.include(['8765', '4321']);
      expect(c).to.deep.include(['Maria', 'José', 'da', 'Silva']);
      expect(c.flat()).not.to.include('Zeca');
    });
  });

  it('is empty when nothing names the person', () => {
    const r = Redaction.of(ERASURE, { names: ['  ', 'Al'], emails: [null], phones: ['abc'], documents: [] });
    expect(r.isEmpty).to.equal(true);
    expect(r.text('Al and abc')).to.equal('Al and abc');
    expect(r.candidates()).to.deep.equal([]);
  });
});
