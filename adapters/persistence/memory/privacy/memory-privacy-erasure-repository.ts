import { PrivacyErasureData } from '../../../../domain/privacy/privacy-erasure';
import { PrivacyErasureQuery, PrivacyErasureRepository } from '../../../../domain/privacy/privacy-erasure-repository';
import { Page, offsetOf } from '../../../../domain/shared/list';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';

export class MemoryPrivacyErasureRepository implements PrivacyErasureRepository {
  constructor(private readonly store: MemoryStore) {}

  private get rows() {
    return this.store.table<PrivacyErasureData>('privacy_erasures');
  }

  async insert(entry: PrivacyErasureData): Promise<void> {
    if (this.rows.has(entry.id)) throw new Error(`Privacy erasure ${entry.id} exists`);
    this.rows.set(entry.id, entry);
  }

  async findById(team: TeamContext, id: string): Promise<PrivacyErasureData | null> {
    const e = this.rows.get(id);
    return e && e.teamId === team.teamId ? e : null;
  }

  async list(team: TeamContext, query: PrivacyErasureQuery): Promise<Page<PrivacyErasureData>> {
    const all = this.rows
      .filter((e) => e.teamId === team.teamId && (query.updatedSince === undefined || e.createdAt >= query.updatedSince))
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) * (query.ascending ? -1 : 1));
    const start = offsetOf(query);
    return { items: all.slice(start, start + query.limit), total: all.length };
  }
}
