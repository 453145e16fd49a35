/**
 * Ids in slices a statement may bind: SQLite and PostgreSQL cap a statement's parameters, and a person's
 * records (every message of a long conversation) may be more.
 */
export const ID_CHUNK = 500;

export function idChunks<T>(ids: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** `?, ?, ?` for `n` bindings. */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
