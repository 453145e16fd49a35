import { expect } from 'chai';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { isCalendarDate, requireCalendarDate, requireTimestamp } from '../../../../domain/shared/values';

const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    if (err instanceof ValidationFailed) return err.message;
    throw err;
  }
  throw new Error('accepted');
};

describe('Dates and timestamps', () => {
  it('takes a real day from 0001-01-01 to 9999-12-31, years before 100 included', () => {
    for (const d of ['0001-01-01', '0099-12-31', '2024-02-29', '9999-12-31']) expect(isCalendarDate(d), d).to.equal(true);
    for (const d of ['0000-01-01', '2023-02-29', '2024-02-30', '2024-13-01', '24-01-01', '+010000-01-01', 20240101]) {
      expect(isCalendarDate(d), String(d)).to.equal(false);
    }
    expect(refusal(() => requireCalendarDate('0000-12-31', 'due_date'))).to.equal('due_date must be a date from 0001-01-01 to 9999-12-31');
    expect(refusal(() => requireCalendarDate('2024-02-30', 'due_date'))).to.equal('due_date must be a date YYYY-MM-DD');
  });

  it('normalizes a timestamp to UTC, and refuses one outside years 1 to 9999 once in UTC', () => {
    expect(requireTimestamp('2026-03-10T14:30:00-03:00', 'at')).to.equal('2026-03-10T17:30:00.000Z');
    expect(requireTimestamp('9999-12-31T23:59:59.999Z', 'at')).to.equal('9999-12-31T23:59:59.999Z');
    expect(requireTimestamp('0001-01-01T09:00:00+09:00', 'at')).to.equal('0001-01-01T00:00:00.000Z');
    expect(requireTimestamp('0099-06-01', 'at')).to.equal('0099-06-01T00:00:00.000Z');
    for (const t of ['9999-12-31T23:59:59-14:00', '0001-01-01T00:00:00+00:01', '0000-01-01']) {
      expect(
        refusal(() => requireTimestamp(t, 'at')),
        t,
      ).to.equal('at must be from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z in UTC');
    }
  });

  it('refuses a day or hour that does not exist instead of rolling it over', () => {
    for (const t of [
      '2024-02-30T10:00:00Z',
      '2023-02-29',
      '2024-01-01T24:00:00Z',
      '2024-01-01T23:60:00Z',
      '2024-01-01T10:00:61Z',
      '1e309',
      '',
    ]) {
      expect(
        refusal(() => requireTimestamp(t, 'at')),
        t,
      ).to.equal('at must be an ISO 8601 timestamp');
    }
  });
});
