import { CopyKind, PersonalCopies } from '../../../../domain/privacy/personal-copies';
import { Redaction } from '../../../../domain/privacy/redaction';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from './knex-database';
import { whereHoldsPerson } from './person-candidates';

type Row = Record<string, unknown>;

/**
 * A table of copies: its key (team_id first), its plain text columns, its columns of JSON kept as text, and
 * among those the ones whose strings must stay strings (an identifier alone becomes `REMOVED_VALUE`).
 */
interface CopyTable {
  table: string;
  key: string[];
  text: string[];
  json: string[];
  keep?: string[];
}

/** Where each kind of copy is kept (migrations 20261122000400, 20261202000100, 20261202000200). */
export const COPY_TABLES: Record<CopyKind, CopyTable[]> = {
  importRows: [
    { table: 'import_rows', key: ['team_id', 'import_id', 'seq'], text: [], json: ['cells', 'problems'], keep: ['cells', 'problems'] },
  ],
  idempotencyKeys: [
    { table: 'deal_idempotency_keys', key: ['team_id', 'key'], text: [], json: ['fingerprint'] },
    { table: 'batch_idempotency_keys', key: ['team_id', 'route', 'key'], text: [], json: ['fingerprint', 'body'] },
  ],
  workflowRuns: [{ table: 'workflow_runs', key: ['team_id', 'id'], text: ['error'], json: [] }],
};

export class KnexPersonalCopies implements PersonalCopies {
  constructor(private readonly database: KnexDatabase) {}

  async scrub(team: TeamContext, kind: CopyKind, redaction: Redaction): Promise<number> {
    let changed = 0;
    for (const spec of COPY_TABLES[kind]) changed += await this.scrubTable(team, spec, redaction);
    return changed;
  }

  private async scrubTable(team: TeamContext, spec: CopyTable, redaction: Redaction): Promise<number> {
    const columns = [...spec.text, ...spec.json];
    const db = this.database.db;
    const rows = (await whereHoldsPerson(
      db(spec.table)
        .select(...new Set([...spec.key, ...columns]))
        .where({ team_id: team.teamId }),
      this.database.dialect,
      columns,
      redaction,
    )) as Row[];
    let changed = 0;
    for (const row of rows) {
      const values = columns.map((c) => (spec.json.includes(c) && typeof row[c] === 'string' ? parsed(row[c]) : row[c]));
      if (!redaction.touches(values)) continue;
      const update: Row = {};
      for (const c of spec.text) update[c] = typeof row[c] === 'string' ? redaction.text(row[c]) : row[c];
      for (const c of spec.json) {
        update[c] = typeof row[c] === 'string' ? redaction.jsonText(row[c], { keep: spec.keep?.includes(c) }) : row[c];
      }
      await db(spec.table)
        .where(Object.fromEntries(spec.key.map((k) => [k, row[k]])))
        .update(update);
      changed++;
    }
    return changed;
  }
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
