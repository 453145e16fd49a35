import { IdempotencyRecord, isExpired } from '../../../../domain/deals/idempotency';
import { IdempotencyKeyRepository } from '../../../../domain/deals/idempotency-key-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';

const keyOf = (teamId: string, key: string) => JSON.stringify([teamId, key]);

export class MemoryIdempotencyKeyRepository implements IdempotencyKeyRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<IdempotencyRecord>('deal_idempotency_keys');
  }

  async find(team: TeamContext, key: string): Promise<IdempotencyRecord | null> {
    return this.rows.get(keyOf(team.teamId, key)) ?? null;
  }

  /** Check and set with no await between them: atomic in one process, like the SQL unique key. */
  async claim(record: IdempotencyRecord, now: Date): Promise<boolean> {
    const k = keyOf(record.teamId, record.key);
    const held = this.rows.get(k);
    if (held && !isExpired(held, now)) return false;
    this.rows.set(k, record);
    return true;
  }

  async purgeExpired(now: Date): Promise<number> {
    const expired = this.rows.filter((r) => isExpired(r, now));
    for (const r of expired) this.rows.delete(keyOf(r.teamId, r.key));
    return expired.length;
  }
}
