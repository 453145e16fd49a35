import { expect } from 'chai';
import { readBrazilianDate, readBrazilianNumber, readClientType, readTags } from '../../../../domain/imports/brazilian-values';

describe('readBrazilianNumber', () => {
  it('reads the Brazilian form: `.` between thousands, `,` before the decimals, an optional R$', () => {
    expect(readBrazilianNumber('1.500,00')).to.equal(1500);
    expect(readBrazilianNumber('R$ 1.500,00')).to.equal(1500);
    expect(readBrazilianNumber('R$1.234.567,89')).to.equal(1234567.89);
    expect(readBrazilianNumber('1,5')).to.equal(1.5);
    expect(readBrazilianNumber('-2.000,10')).to.equal(-2000.1);
    expect(readBrazilianNumber(' 42 ')).to.equal(42);
  });

  it('reads a `.` before decimals, and the English form with both marks', () => {
    expect(readBrazilianNumber('1500.50')).to.equal(1500.5);
    expect(readBrazilianNumber('0.75')).to.equal(0.75);
    expect(readBrazilianNumber('1,500.00')).to.equal(1500);
  });

  it('takes one `.` before exactly three digits, or several, as thousands', () => {
    expect(readBrazilianNumber('1.500')).to.equal(1500);
    expect(readBrazilianNumber('1.500.000')).to.equal(1500000);
  });

  it('reads nothing from text that is not a number', () => {
    for (const bad of ['', 'abc', '1.50.0', '1,2,3', '12,34.5', '1.5,2.3', 'R$', '--1']) {
      expect(readBrazilianNumber(bad), bad).to.equal(null);
    }
  });
});

describe('readBrazilianDate', () => {
  it('reads day/month/year with `/`, `-` or `.`, and the ISO form', () => {
    expect(readBrazilianDate('31/12/1990')).to.equal('1990-12-31');
    expect(readBrazilianDate('31-12-1990')).to.equal('1990-12-31');
    expect(readBrazilianDate('31.12.1990')).to.equal('1990-12-31');
    expect(readBrazilianDate('1/2/1985')).to.equal('1985-02-01');
    expect(readBrazilianDate('1990-12-31')).to.equal('1990-12-31');
  });

  it('ignores the midnight time spreadsheets add to a date', () => {
    expect(readBrazilianDate('31/12/1990 00:00:00')).to.equal('1990-12-31');
    expect(readBrazilianDate('1990-12-31 00:00')).to.equal('1990-12-31');
  });

  it('reads no two-digit year, no day that does not exist and no month first', () => {
    for (const bad of ['31/12/90', '31/02/1990', '12/31/1990', '1990/12/31', '33238', 'ontem', '00/01/1990']) {
      expect(readBrazilianDate(bad), bad).to.equal(null);
    }
  });
});

describe('readClientType', () => {
  it('reads PF and PJ in the ways people write them', () => {
    for (const pf of ['PF', 'pf', 'F', 'Física', 'pessoa física', 'Pessoa Fisica', 'individual'])
      expect(readClientType(pf), pf).to.equal('PF');
    for (const pj of ['PJ', 'J', 'jurídica', 'Pessoa Jurídica', 'company']) expect(readClientType(pj), pj).to.equal('PJ');
  });

  it('reads nothing else', () => {
    expect(readClientType('ONG')).to.equal(null);
  });
});

describe('readTags', () => {
  it('splits on `,` `;` or `|`, trimmed, without empty or repeated tags', () => {
    expect(readTags('vip, quente;novo | vip ,,')).to.deep.equal(['vip', 'quente', 'novo']);
  });
});
