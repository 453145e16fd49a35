import { Import, ImportData, ImportRowData, RowOutcome } from '../../../../domain/imports/import';
import { ImportListQuery, ImportRepository, ImportRowQuery } from '../../../../domain/imports/import-repository';
import { Page, offsetOf } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';

const rowKey = (importId: string, seq: number): string => `${importId}\u0000${String(seq).padStart(10, '0')}`;

const bySeq = (a: ImportRowData, b: ImportRowData): number => a.seq - b.seq;

export class MemoryImportRepository implements ImportRepository {
  constructor(private readonly store: MemoryStore) {}

  private get imports() {
    return this.store.table<ImportData>('imports');
  }
  private get rows() {
    return this.store.table<ImportRowData>('import_rows');
  }

  private own(team: TeamContext, id: string): ImportData | undefined {
    const found = this.imports.get(id);
    return found && found.teamId === team.teamId ? found : undefined;
  }

  private rowsOf(team: TeamContext, importId: string, wanted: (r: ImportRowData) => boolean = () => true): ImportRowData[] {
    return this.rows.filter((r) => r.teamId === team.teamId && r.importId === importId && wanted(r)).sort(bySeq);
  }

  async insert(data: ImportData): Promise<void> {
    if (this.imports.has(data.id)) throw new Error(`Import ${data.id} exists`);
    this.imports.set(data.id, data);
  }

  async save(data: ImportData): Promise<void> {
    if (this.own({ teamId: data.teamId }, data.id)) this.imports.set(data.id, data);
  }

  async saveHeld(data: ImportData, owner: string): Promise<boolean> {
    const current = this.own({ teamId: data.teamId }, data.id);
    if (!current || current.status !== 'running' || current.leaseOwner !== owner) return false;
    this.imports.set(data.id, data);
    return true;
  }

  async findById(team: TeamContext, id: string): Promise<ImportData | null> {
    const found = this.own(team, id);
    return found && found.status !== 'receiving' ? found : null;
  }

  async list(team: TeamContext, query: ImportListQuery): Promise<Page<ImportData>> {
    const all = this.imports
      .filter(
        (i) =>
          i.teamId === team.teamId && i.status !== 'receiving' && (query.updatedSince === undefined || i.updatedAt >= query.updatedSince),
      )
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) * (query.ascending ? -1 : 1));
    const start = offsetOf(query);
    return { items: all.slice(start, start + query.limit), total: all.length };
  }

  async remove(team: TeamContext, id: string): Promise<void> {
    if (!this.own(team, id)) return;
    for (const r of this.rowsOf(team, id)) this.rows.delete(rowKey(id, r.seq));
    this.imports.delete(id);
  }

  async addRows(rows: readonly ImportRowData[]): Promise<void> {
    for (const r of rows) {
      if (this.rows.has(rowKey(r.importId, r.seq))) throw new Error(`Row ${r.seq} of import ${r.importId} exists`);
    }
    for (const r of rows) this.rows.set(rowKey(r.importId, r.seq), r);
  }

  async pendingRows(team: TeamContext, importId: string, limit: number): Promise<ImportRowData[]> {
    return this.rowsOf(team, importId, (r) => r.status === 'pending').slice(0, limit);
  }

  async saveOutcomes(team: TeamContext, importId: string, outcomes: readonly RowOutcome[], at: string): Promise<void> {
    for (const o of outcomes) {
      const row = this.rows.get(rowKey(importId, o.seq));
      if (!row || row.teamId !== team.teamId) continue;
      this.rows.set(rowKey(importId, o.seq), { ...row, status: o.status, recordId: o.recordId, problems: o.problems, updatedAt: at });
    }
  }

  async resetRows(team: TeamContext, importId: string, at: string): Promise<void> {
    for (const row of this.rowsOf(team, importId, (r) => r.status !== 'pending')) {
      this.rows.set(rowKey(importId, row.seq), { ...row, status: 'pending', recordId: null, problems: [], updatedAt: at });
    }
  }

  async listRows(team: TeamContext, importId: string, query: ImportRowQuery): Promise<Page<ImportRowData>> {
    const all = this.rowsOf(
      team,
      importId,
      (r) => (!query.status || r.status === query.status) && (query.updatedSince === undefined || r.updatedAt >= query.updatedSince),
    );
    if (query.descending) all.reverse();
    const start = offsetOf(query);
    return { items: all.slice(start, start + query.limit), total: all.length };
  }

  async claim(team: TeamContext, id: string, owner: string, now: Date, leaseUntil: Date): Promise<ImportData | null> {
    const found = this.own(team, id);
    if (!found) return null;
    const entity = Import.restore(found);
    if (!entity.claimableAt(now)) return null;
    entity.claim(owner, now, leaseUntil);
    const claimed = entity.snapshot();
    this.imports.set(id, claimed);
    return claimed;
  }

  async claimNext(owner: string, now: Date, leaseUntil: Date): Promise<ImportData | null> {
    const next = this.imports
      .filter((i) => Import.restore(i).claimableAt(now))
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1))[0];
    return next ? this.claim({ teamId: next.teamId }, next.id, owner, now, leaseUntil) : null;
  }
}
