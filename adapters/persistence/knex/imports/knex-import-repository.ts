import { Knex } from 'knex';
import { ImportData, ImportRowData, ImportRowProblem, ImportRowStatus, RowOutcome } from '../../../../domain/imports/import';
import { ImportListQuery, ImportRepository, ImportRowQuery } from '../../../../domain/imports/import-repository';
import { ImportResource } from '../../../../domain/imports/import-rows';
import { Page, offsetOf } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { fromJson, toBool, toIso, toIsoOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

/** Claimable imports looked at per claim: a candidate another node took meanwhile is passed over for the next. */
const CANDIDATES = 5;

const importRow = (d: ImportData): Row => ({
  team_id: d.teamId,
  id: d.id,
  resource: d.resource,
  project_id: d.projectId,
  status: d.status,
  dry_run: d.dryRun,
  on_duplicate: d.onDuplicate,
  file_name: d.file.name,
  file_encoding: d.file.encoding,
  file_separator: d.file.separator,
  header_line: d.file.headerLine,
  headers: JSON.stringify(d.plan.headers),
  fields: JSON.stringify(d.plan.fields),
  total_rows: d.totals.rows,
  created_count: d.totals.created,
  updated_count: d.totals.updated,
  unchanged_count: d.totals.unchanged,
  skipped_count: d.totals.skipped,
  failed_count: d.totals.failed,
  error_code: d.error?.code ?? null,
  error_message: d.error?.message ?? null,
  attempts: d.attempts,
  lease_owner: d.leaseOwner,
  lease_until: d.leaseUntil,
  created_at: d.createdAt,
  started_at: d.startedAt,
  finished_at: d.finishedAt,
  updated_at: d.updatedAt,
});

const fromRow = (r: Row): ImportData => {
  const resource = r.resource as ImportResource;
  return {
    id: r.id as string,
    teamId: r.team_id as string,
    resource,
    projectId: (r.project_id as string | null) ?? null,
    status: r.status as ImportData['status'],
    dryRun: toBool(r.dry_run),
    onDuplicate: r.on_duplicate as ImportData['onDuplicate'],
    file: {
      name: r.file_name as string,
      encoding: r.file_encoding as string,
      separator: r.file_separator as string,
      headerLine: Number(r.header_line),
    },
    plan: { resource, headers: fromJson<string[]>(r.headers, []), fields: fromJson<(string | null)[]>(r.fields, []) },
    totals: {
      rows: Number(r.total_rows),
      created: Number(r.created_count),
      updated: Number(r.updated_count),
      unchanged: Number(r.unchanged_count),
      skipped: Number(r.skipped_count),
      failed: Number(r.failed_count),
    },
    error: r.error_code ? { code: r.error_code as string, message: (r.error_message as string | null) ?? '' } : null,
    attempts: Number(r.attempts),
    leaseOwner: (r.lease_owner as string | null) ?? null,
    leaseUntil: toIsoOrNull(r.lease_until),
    createdAt: toIso(r.created_at),
    startedAt: toIsoOrNull(r.started_at),
    finishedAt: toIsoOrNull(r.finished_at),
    updatedAt: toIso(r.updated_at),
  };
};

const rowOfRow = (r: ImportRowData): Row => ({
  team_id: r.teamId,
  import_id: r.importId,
  seq: r.seq,
  line: r.line,
  cells: JSON.stringify(r.cells),
  status: r.status,
  record_id: r.recordId,
  problems: JSON.stringify(r.problems),
  updated_at: r.updatedAt,
});

const rowFromRow = (r: Row): ImportRowData => ({
  teamId: r.team_id as string,
  importId: r.import_id as string,
  seq: Number(r.seq),
  line: Number(r.line),
  cells: fromJson<string[]>(r.cells, []),
  status: r.status as ImportRowStatus,
  recordId: (r.record_id as string | null) ?? null,
  problems: fromJson<ImportRowProblem[]>(r.problems, []),
  updatedAt: toIso(r.updated_at),
});

/** Queued, or running under a lease that ran out at the bound instant. */
const CLAIMABLE = "(status = 'queued' or (status = 'running' and (lease_until is null or lease_until <= ?)))";

/** Rows a statement inserts at most: well under SQLite's and PostgreSQL's limits on bound values. */
const INSERT_CHUNK = 100;

const SAVE_OUTCOME =
  'update "import_rows" set "status" = ?, "record_id" = ?, "problems" = ?, "updated_at" = ? where "team_id" = ? and "import_id" = ? and "seq" = ?';

export class KnexImportRepository implements ImportRepository {
  constructor(private readonly database: KnexDatabase) {}

  private table(name: 'imports' | 'import_rows'): Knex.QueryBuilder<Row, Row[]> {
    return this.database.db<Row, Row[]>(name);
  }

  async insert(data: ImportData): Promise<void> {
    await this.database.transaction(() => this.table('imports').insert(importRow(data)));
  }

  async save(data: ImportData): Promise<void> {
    const { team_id: _t, id: _i, ...changes } = importRow(data);
    await this.database.transaction(() => this.table('imports').where({ team_id: data.teamId, id: data.id }).update(changes));
  }

  async saveHeld(data: ImportData, owner: string): Promise<boolean> {
    const { team_id: _t, id: _i, ...changes } = importRow(data);
    const n = await this.database.transaction(() =>
      this.table('imports').where({ team_id: data.teamId, id: data.id, lease_owner: owner, status: 'running' }).update(changes),
    );
    return n === 1;
  }

  async findById(team: TeamContext, id: string): Promise<ImportData | null> {
    const row = await this.table('imports').where({ team_id: team.teamId, id }).whereNot('status', 'receiving').first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async list(team: TeamContext, query: ImportListQuery): Promise<Page<ImportData>> {
    const q = this.table('imports').where({ team_id: team.teamId }).whereNot('status', 'receiving');
    if (query.updatedSince !== undefined) q.andWhere('updated_at', '>=', query.updatedSince);
    const [{ n }] = await q.clone().count({ n: '*' });
    const rows: Row[] = await q
      .orderBy([{ column: 'id', order: query.ascending ? 'asc' : 'desc' }])
      .offset(offsetOf(query))
      .limit(query.limit);
    return { items: rows.map(fromRow), total: Number(n) };
  }

  async remove(team: TeamContext, id: string): Promise<void> {
    await this.database.transaction(async () => {
      await this.table('import_rows').where({ team_id: team.teamId, import_id: id }).delete();
      await this.table('imports').where({ team_id: team.teamId, id }).delete();
    });
  }

  async addRows(rows: readonly ImportRowData[]): Promise<void> {
    if (rows.length === 0) return;
    await this.database.transaction(async () => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await this.table('import_rows').insert(rows.slice(i, i + INSERT_CHUNK).map(rowOfRow));
    });
  }

  async pendingRows(team: TeamContext, importId: string, limit: number): Promise<ImportRowData[]> {
    const rows: Row[] = await this.table('import_rows')
      .where({ team_id: team.teamId, import_id: importId, status: 'pending' })
      .orderBy('seq')
      .limit(limit);
    return rows.map(rowFromRow);
  }

  async saveOutcomes(team: TeamContext, importId: string, outcomes: readonly RowOutcome[], at: string): Promise<void> {
    if (outcomes.length === 0) return;
    // A row at a time through the hot write path: one statement text, prepared once (named on PostgreSQL).
    await this.database.transaction(async () => {
      for (const o of outcomes) {
        await this.database.write(SAVE_OUTCOME, [o.status, o.recordId, JSON.stringify(o.problems), at, team.teamId, importId, o.seq]);
      }
    });
  }

  async resetRows(team: TeamContext, importId: string, at: string): Promise<void> {
    await this.database.transaction(() =>
      this.table('import_rows')
        .where({ team_id: team.teamId, import_id: importId })
        .whereNot('status', 'pending')
        .update({ status: 'pending', record_id: null, problems: '[]', updated_at: at }),
    );
  }

  async listRows(team: TeamContext, importId: string, query: ImportRowQuery): Promise<Page<ImportRowData>> {
    const q = this.table('import_rows').where({ team_id: team.teamId, import_id: importId });
    if (query.status) q.andWhere('status', query.status);
    if (query.updatedSince !== undefined) q.andWhere('updated_at', '>=', query.updatedSince);
    const [{ n }] = await q.clone().count({ n: '*' });
    const rows: Row[] = await q
      .orderBy('seq', query.descending ? 'desc' : 'asc')
      .offset(offsetOf(query))
      .limit(query.limit);
    return { items: rows.map(rowFromRow), total: Number(n) };
  }

  async claim(team: TeamContext, id: string, owner: string, now: Date, leaseUntil: Date): Promise<ImportData | null> {
    const at = now.toISOString();
    // One conditional statement: of two nodes claiming at once, the second finds the row no longer claimable
    // (PostgreSQL checks the condition again once the first one's lock is gone; SQLite has one writer).
    return this.database.transaction(async () => {
      const n = await this.table('imports')
        .where({ team_id: team.teamId, id })
        .andWhereRaw(CLAIMABLE, [at])
        .update({
          status: 'running',
          attempts: this.database.db.raw('attempts + 1'),
          lease_owner: owner,
          lease_until: leaseUntil.toISOString(),
          started_at: this.database.db.raw('coalesce(started_at, ?)', [at]),
          updated_at: at,
        });
      if (n !== 1) return null;
      const row = await this.table('imports').where({ team_id: team.teamId, id }).first<Row | undefined>();
      return row ? fromRow(row) : null;
    });
  }

  async claimNext(owner: string, now: Date, leaseUntil: Date): Promise<ImportData | null> {
    const at = now.toISOString();
    const candidates: Row[] = await this.table('imports')
      .select('team_id', 'id')
      .whereRaw(CLAIMABLE, [at])
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(CANDIDATES);
    for (const c of candidates) {
      const claimed = await this.claim({ teamId: c.team_id as string }, c.id as string, owner, now, leaseUntil);
      if (claimed) return claimed;
    }
    return null;
  }
}
