// Small pure checks shared by every context.
import { ValidationFailed } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar date written `YYYY-MM-DD`. */
export const isCalendarDate = (v: unknown): v is string => {
  if (typeof v !== 'string') return false;
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

export const requireCalendarDate = (v: string, field: string): string => {
  if (!isCalendarDate(v)) throw new ValidationFailed(`${field} must be a date YYYY-MM-DD`, field);
  return v;
};

/** An ISO 8601 timestamp; returned normalized to UTC with `Z`. */
export const requireTimestamp = (v: string, field: string): string => {
  const t = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) ? Date.parse(v) : NaN;
  if (Number.isNaN(t)) throw new ValidationFailed(`${field} must be an ISO 8601 timestamp`, field);
  return new Date(t).toISOString();
};
