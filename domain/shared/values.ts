// Small pure checks shared by every context.
import { ValidationFailed } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/**
 * The dates and instants every backend keeps as written: years 1 to 9999. PostgreSQL has no year 0 and
 * refuses years past 9999, and an ISO 8601 text past 9999 is `+010000-…`, which no date-time format reads.
 * A timestamp is in range once in UTC: `9999-12-31T23:59:59-14:00` is in year 10000.
 */
export const DATE_RANGE = { first: '0001-01-01', last: '9999-12-31' } as const;
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a day of the (proleptic Gregorian) calendar, year 0 included. */
const isRealDay = (year: number, month: number, day: number): boolean => {
  const d = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  d.setUTCFullYear(year, month - 1, day);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
};

type DateReading = 'ok' | 'malformed' | 'out_of_range';

const readDate = (v: unknown): DateReading => {
  const m = typeof v === 'string' ? DATE.exec(v) : null;
  if (!m || !isRealDay(+m[1], +m[2], +m[3])) return 'malformed';
  return +m[1] < 1 ? 'out_of_range' : 'ok';
};

/** A real calendar date written `YYYY-MM-DD`, from 0001-01-01 to 9999-12-31. */
export const isCalendarDate = (v: unknown): v is string => readDate(v) === 'ok';

/** A calendar date, or 400 on `field`: not `YYYY-MM-DD`, not a real day, or outside 0001-01-01 to 9999-12-31. */
export const requireCalendarDate = (v: string, field: string): string => {
  const reading = readDate(v);
  if (reading === 'malformed') throw new ValidationFailed(`${field} must be a date YYYY-MM-DD`, field);
  if (reading === 'out_of_range')
    throw new ValidationFailed(`${field} must be a date from ${DATE_RANGE.first} to ${DATE_RANGE.last}`, field);
  return v;
};

/** A calendar date or null (clearing it), or 400 on `field`. */
export const optionalCalendarDate = (v: string | null, field: string): string | null => (v === null ? null : requireCalendarDate(v, field));

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO 8601 timestamp (any offset, or a date alone: its midnight in UTC); returned normalized to UTC
 * with `Z`. A day that does not exist (`2024-02-30`) or an hour past 23 is refused, not rolled over;
 * so is an instant outside 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z once in UTC.
 */
export const requireTimestamp = (v: string, field: string): string => {
  const m = TIMESTAMP.exec(v);
  const real = m !== null && isRealDay(+m[1], +m[2], +m[3]) && (m[4] === undefined || (+m[4] <= 23 && +m[5] <= 59 && +(m[6] ?? 0) <= 59));
  const t = real ? Date.parse(v) : NaN;
  if (Number.isNaN(t)) throw new ValidationFailed(`${field} must be an ISO 8601 timestamp`, field);
  if (t < FIRST_INSTANT || t > LAST_INSTANT) {
    throw new ValidationFailed(`${field} must be from ${DATE_RANGE.first}T00:00:00Z to ${DATE_RANGE.last}T23:59:59Z in UTC`, field);
  }
  return new Date(t).toISOString();
};
