import { ValidationFailed } from '../shared/errors';

/** Brazilian individual taxpayer number: 11 digits, the last two check digits (mod 11). */
export class Cpf {
  private constructor(readonly digits: string) {}

  static parse(raw: string, field = 'cpf'): Cpf {
    const digits = raw.replace(/[\s.\-/]/g, '');
    if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) {
      throw new ValidationFailed('cpf must have 11 digits', field);
    }
    const check = (len: number): number => {
      let sum = 0;
      for (let i = 0; i < len; i++) sum += Number(digits[i]) * (len + 1 - i);
      const r = (sum * 10) % 11;
      return r === 10 ? 0 : r;
    };
    if (check(9) !== Number(digits[9]) || check(10) !== Number(digits[10])) {
      throw new ValidationFailed('cpf check digits do not match', field);
    }
    return new Cpf(digits);
  }
}
