import { BatchKeyRepository } from '../../../../domain/shared/batch-key-repository';
import { BatchKeyRecord, StoredAnswer, isBatchKeyExpired } from '../../../../domain/shared/batch-keys';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from './memory-store';

const keyOf = (teamId: string, route: string, key: string) => JSON.stringify([teamId, route, key]);

export class MemoryBatchKeyRepository implements BatchKeyRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<BatchKeyRecord>('batch_idempotency_keys');
  }

  async find(team: TeamContext, route: string, key: string): Promise<BatchKeyRecord | null> {
    return this.rows.get(keyOf(team.teamId, route, key)) ?? null;
  }

  /** Check and set with no await between them: atomic in one process, like the SQL unique key. */
  async claim(record: BatchKeyRecord, now: Date): Promise<boolean> {
    const k = keyOf(record.teamId, record.route, record.key);
    const held = this.rows.get(k);
    if (held && !isBatchKeyExpired(held, now)) return false;
    this.rows.set(k, record);
    return true;
  }

  async complete(team: TeamContext, route: string, key: string, answer: StoredAnswer): Promise<void> {
    const k = keyOf(team.teamId, route, key);
    const held = this.rows.get(k);
    if (held) this.rows.set(k, { ...held, answer });
  }

  async release(team: TeamContext, route: string, key: string): Promise<void> {
    const k = keyOf(team.teamId, route, key);
    if (this.rows.get(k)?.answer === null) this.rows.delete(k);
  }

  async purgeExpired(now: Date): Promise<number> {
    const expired = this.rows.filter((r) => isBatchKeyExpired(r, now));
    for (const r of expired) this.rows.delete(keyOf(r.teamId, r.route, r.key));
    return expired.length;
  }
}
