import { expect } from 'chai';
import { readEmail, readMoney, readPhone, text } from '../../../../domain/webhooks/inbound-values';

describe('Inbound values', () => {
  describe('readMoney', () => {
    it('reads amounts written the Brazilian way and the integration way', () => {
      const cases: [unknown, number][] = [
        ['R$ 1.500,00', 1500],
        ['1.500', 1500],
        ['1500.50', 1500.5],
        ['1,5', 1.5],
        ['1500', 1500],
        [2500.5, 2500.5],
        ['R$1.234.567,89', 1234567.89],
        ['1,500.00', 1500],
        ['1,234,567', 1234567],
        ['0.500', 0.5],
        ['  R$ 99,90 ', 99.9],
        ['1.500,00 reais', 1500],
        ['BRL 10', 10],
        ['-R$ 10,50', -10.5],
        ['R$\u00a01.500', 1500],
        ['0', 0],
      ];
      for (const [input, expected] of cases) expect(readMoney(input), String(input)).to.deep.equal({ value: expected });
    });

    it('gives null for nothing sent, and null with a problem for what it cannot read', () => {
      for (const nothing of [undefined, null, '', '  ']) expect(readMoney(nothing)).to.deep.equal({ value: null });
      for (const bad of ['muito', 'R$ a combinar', '1.50.0', '1,5,0', '12.34.56', {}, Number.NaN, '1500.']) {
        const r = readMoney(bad);
        expect(r.value, JSON.stringify(bad)).to.equal(null);
        expect(r.problem, JSON.stringify(bad)).to.equal('is not an amount');
      }
    });
  });

  describe('readPhone', () => {
    it('gives the number as + and digits with the country code', () => {
      expect(readPhone('(11) 98765-4321')).to.deep.equal({ value: '+5511987654321' });
      expect(readPhone('+55 11 9 8765-4321')).to.deep.equal({ value: '+5511987654321' });
      expect(readPhone('011 98765 4321')).to.deep.equal({ value: '+5511987654321' });
      expect(readPhone(11987654321)).to.deep.equal({ value: '+5511987654321' });
      expect(readPhone(['+55 (21) 3456-7890'])).to.deep.equal({ value: '+552134567890' });
      expect(readPhone(undefined)).to.deep.equal({ value: null });
    });

    it('takes the first mobile of a field holding several numbers and keeps the others', () => {
      expect(readPhone('(11) 3333-4444 / (11) 98888-7777')).to.deep.equal({ value: '+5511988887777', others: ['(11) 3333-4444'] });
      expect(readPhone('11 3333-4444; 21 3456-7890')).to.deep.equal({ value: '+551133334444', others: ['21 3456-7890'] });
      expect(readPhone('11 3333-4444 ou 11 98888-7777 e 21 99999-8888')).to.deep.equal({
        value: '+5511988887777',
        others: ['11 3333-4444', '21 99999-8888'],
      });
      expect(readPhone('(11) 3333-4444\n(11) 98888-7777')).to.deep.equal({ value: '+5511988887777', others: ['(11) 3333-4444'] });
      expect(readPhone(['(11) 3333-4444', '(11) 98888-7777'])).to.deep.equal({ value: '+5511988887777', others: ['(11) 3333-4444'] });
      // One readable number beside text that is not one: the number, and the text kept.
      expect(readPhone('(11) 98765-4321 / sem fixo')).to.deep.equal({ value: '+5511987654321', others: ['sem fixo'] });
    });

    it('gives null with the reason for what is not a number', () => {
      const r = readPhone('0800 abc');
      expect(r.value).to.equal(null);
      expect(r.problem)
        .to.be.a('string')
        .and.not.match(/^phone /);
      expect(readPhone('98765-4321').problem).to.match(/area code|country code|valid/);
      expect(readPhone({ ddd: 11 }).problem).to.equal('is not text');
    });
  });

  describe('readEmail', () => {
    it('keeps a valid address trimmed, and gives null with the reason for a typo', () => {
      expect(readEmail(' Ana.Souza@Example.com ')).to.deep.equal({ value: 'Ana.Souza@Example.com' });
      expect(readEmail(['ana@x.com'])).to.deep.equal({ value: 'ana@x.com' });
      expect(readEmail('ana@gmail,com')).to.deep.equal({ value: null, problem: 'must be a valid address' });
      expect(readEmail('ana@gmailcom')).to.deep.equal({ value: null, problem: 'must be a valid address' });
      expect(readEmail(null)).to.deep.equal({ value: null });
    });
  });

  it('text joins a list of plain values and ignores objects', () => {
    expect(text(['Opção A', 'Opção B', null])).to.equal('Opção A, Opção B');
    expect(text([])).to.equal(null);
    expect(text({ a: 1 })).to.equal(null);
    expect(text(' x ')).to.equal('x');
    expect(text(0)).to.equal('0');
  });
});
