import { Knex } from 'knex';
import { Redaction } from '../../../../domain/privacy/redaction';
import { Dialect } from './connection';

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Narrows `qb` to the rows where one of `columns` holds, for one of the redaction's candidate lists, each of
 * its fragments in order, in any case (PostgreSQL's ILIKE; SQLite's LIKE, which folds ASCII letters only).
 * A scan of the team's rows: `Redaction.touches` then judges each row it gives. No candidates, no rows.
 */
export function whereHoldsPerson(
  qb: Knex.QueryBuilder,
  dialect: Dialect,
  columns: readonly string[],
  redaction: Redaction,
): Knex.QueryBuilder {
  const patterns = redaction.candidates().map((fragments) => `%${fragments.map(escapeLike).join('%')}%`);
  const op = dialect === 'postgres' ? 'ilike' : 'like';
  return qb.where((w: Knex.QueryBuilder) => {
    if (patterns.length === 0) w.whereRaw('1 = 0');
    for (const column of columns) for (const p of patterns) w.orWhereRaw(`?? ${op} ? escape '\\'`, [column, p]);
  });
}
