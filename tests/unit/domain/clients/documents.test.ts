import { expect } from 'chai';
import { Cnpj } from '../../../../domain/clients/cnpj';
import { Cpf } from '../../../../domain/clients/cpf';
import { ValidationFailed } from '../../../../domain/shared/errors';

describe('Cpf', () => {
  it('accepts a valid CPF with or without punctuation and keeps the digits', () => {
    expect(Cpf.parse('529.982.247-25').digits).to.equal('52998224725');
    expect(Cpf.parse('52998224725').digits).to.equal('52998224725');
  });

  it('refuses wrong check digits, wrong length and repeated digits', () => {
    for (const bad of ['529.982.247-26', '5299822472', '111.111.111-11', 'abc']) {
      expect(() => Cpf.parse(bad), bad).to.throw(ValidationFailed);
    }
  });
});

describe('Cnpj', () => {
  it('accepts a numeric CNPJ and keeps the digits', () => {
    expect(Cnpj.parse('11.222.333/0001-81').value).to.equal('11222333000181');
  });

  it('accepts the alphanumeric CNPJ in force since July 2026', () => {
    // Example published with the alphanumeric CNPJ rule: 12ABC34501DE35
    expect(Cnpj.parse('12.ABC.345/01DE-35').value).to.equal('12ABC34501DE35');
    expect(Cnpj.parse('12abc34501de35').value).to.equal('12ABC34501DE35');
  });

  it('refuses wrong check digits, letters in the check digits and repeated digits', () => {
    for (const bad of ['11.222.333/0001-82', '12ABC34501DE3A', '00000000000000', '1122233300018']) {
      expect(() => Cnpj.parse(bad), bad).to.throw(ValidationFailed);
    }
  });
});
