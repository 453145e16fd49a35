import { CopyKind, PersonalCopies } from '../../../../domain/privacy/personal-copies';
import { Redaction } from '../../../../domain/privacy/redaction';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from './memory-store';

type Row = Record<string, unknown> & { teamId: string };

/** A table of copies and its fields that may hold the person; `jsonText` ones hold JSON as text, `keep` ones stay strings. */
interface CopyTable {
  table: string;
  fields: string[];
  jsonText?: string[];
  keep?: boolean;
}

const COPY_TABLES: Record<CopyKind, CopyTable[]> = {
  importRows: [{ table: 'import_rows', fields: ['cells', 'problems'], keep: true }],
  idempotencyKeys: [
    { table: 'deal_idempotency_keys', fields: [], jsonText: ['fingerprint'] },
    { table: 'batch_idempotency_keys', fields: ['answer'], jsonText: ['fingerprint'] },
  ],
  workflowRuns: [{ table: 'workflow_runs', fields: ['error'] }],
};

const parsed = (text: unknown): unknown => {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export class MemoryPersonalCopies implements PersonalCopies {
  constructor(private readonly store: MemoryStore) {}

  async scrub(team: TeamContext, kind: CopyKind, redaction: Redaction): Promise<number> {
    let changed = 0;
    for (const spec of COPY_TABLES[kind]) {
      const table = this.store.table<Row>(spec.table);
      for (const [key, row] of table.entries()) {
        if (row.teamId !== team.teamId) continue;
        const jsonText = spec.jsonText ?? [];
        if (!redaction.touches([...spec.fields.map((f) => row[f]), ...jsonText.map((f) => parsed(row[f]))])) continue;
        const next: Row = { ...row };
        for (const f of spec.fields) next[f] = redaction.json(row[f], { keep: spec.keep });
        for (const f of jsonText) if (typeof row[f] === 'string') next[f] = redaction.jsonText(row[f]);
        table.set(key, next);
        changed++;
      }
    }
    return changed;
  }
}
