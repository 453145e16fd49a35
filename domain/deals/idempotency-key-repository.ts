import { TeamContext } from '../shared/team';
import { IdempotencyRecord } from './idempotency';

/**
 * Idempotency keys of POST /deals. The storage's unique key on (team, key) is what makes two
 * concurrent requests create one deal, on one node or many: no in-process lock.
 */
export interface IdempotencyKeyRepository {
  find(team: TeamContext, key: string): Promise<IdempotencyRecord | null>;
  /**
   * Takes the key for this request: replaces a record of the key that expired by `now`, then
   * inserts unless the key is held. Returns false when another request holds it; on SQL backends
   * this waits for a concurrent holder's transaction to end.
   */
  claim(record: IdempotencyRecord, now: Date): Promise<boolean>;
  /** Forgets keys past their retention, for every team (housekeeping). */
  purgeExpired(now: Date): Promise<number>;
}
