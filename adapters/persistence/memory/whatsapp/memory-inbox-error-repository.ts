import { TeamContext } from '../../../../domain/shared/team';
import { InboxErrorData } from '../../../../domain/whatsapp/inbox-error';
import { InboxErrorFilter, InboxErrorRepository } from '../../../../domain/whatsapp/inbox-error-repository';
import { MemoryStore } from '../shared/memory-store';

export class MemoryInboxErrorRepository implements InboxErrorRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<InboxErrorData>('whatsapp_inbox_errors');
  }

  async insert(error: InboxErrorData): Promise<void> {
    this.rows.set(error.id, error);
  }

  async list(team: TeamContext, filter: InboxErrorFilter, limit: number): Promise<InboxErrorData[]> {
    return this.rows
      .filter((e) => e.teamId === team.teamId && (filter.inboxId === undefined || e.inboxId === filter.inboxId))
      .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
      .slice(0, limit);
  }
}
