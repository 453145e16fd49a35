import { ValidationFailed } from '../shared/errors';

/**
 * Brazilian company number. Since July 2026 the first twelve characters may be letters or digits
 * (each valued as its char code minus 48); the last two stay numeric check digits (mod 11).
 */
export class Cnpj {
  private constructor(readonly value: string) {}

  static parse(raw: string, field = 'cnpj'): Cnpj {
    const value = raw.replace(/[\s.\-/]/g, '').toUpperCase();
    if (!/^[0-9A-Z]{12}\d{2}$/.test(value) || /^(\d)\1{13}$/.test(value)) {
      throw new ValidationFailed('cnpj must have 12 letters or digits and 2 check digits', field);
    }
    const check = (len: number): number => {
      const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
      let sum = 0;
      for (let i = 0; i < len; i++) sum += (value.charCodeAt(i) - 48) * weights[i];
      const r = sum % 11;
      return r < 2 ? 0 : 11 - r;
    };
    if (check(12) !== Number(value[12]) || check(13) !== Number(value[13])) {
      throw new ValidationFailed('cnpj check digits do not match', field);
    }
    return new Cnpj(value);
  }
}
