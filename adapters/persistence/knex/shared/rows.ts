// Row value conversions that make SQLite and PostgreSQL answer identically.

/** JSON goes in as text on both dialects (pg would turn a JS array into a Postgres array). */
export const toJson = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

export function fromJson<T>(v: unknown, fallback: T): T {
  if (v === null || v === undefined) return fallback;
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

export const toBool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't';

/** `YYYY-MM-DDTHH:mm:ss.sssZ`, as `toISOString` writes it: SQLite gives back what was written. */
const isCanonicalIso = (v: string): boolean =>
  v.length === 24 && v[4] === '-' && v[7] === '-' && v[10] === 'T' && v[13] === ':' && v[16] === ':' && v[19] === '.' && v[23] === 'Z';

/** Timestamps are written as ISO strings and come back as ISO strings ending in Z. */
export const toIso = (v: unknown): string =>
  typeof v === 'string' && isCanonicalIso(v) ? v : (v instanceof Date ? v : new Date(v as string)).toISOString();
export const toIsoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : toIso(v));

/** A row read as an array (KnexDatabase.rows) as the object a Knex builder gives: `names[i]` is column i. */
export function recordOf(names: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (let i = 0; i < names.length; i++) record[names[i]] = values[i];
  return record;
}

export const toNumberOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
};
