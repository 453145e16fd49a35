import { BatchKeyRecord, StoredAnswer } from './batch-keys';
import { TeamContext } from './team';

/**
 * Idempotency keys of batch writes. The storage's unique key on (team, route, key) is what lets one of several
 * concurrent requests take a key, on one node or many.
 */
export interface BatchKeyRepository {
  find(team: TeamContext, route: string, key: string): Promise<BatchKeyRecord | null>;
  /**
   * Takes the key for this request: replaces a record of the key that expired by `now`, then inserts unless
   * the key is held. Returns false when another request holds it.
   */
  claim(record: BatchKeyRecord, now: Date): Promise<boolean>;
  /** Keeps the answer of the request that holds the key. */
  complete(team: TeamContext, route: string, key: string, answer: StoredAnswer): Promise<void>;
  /** Lets go of a key whose request failed before it answered; a key with an answer is kept. */
  release(team: TeamContext, route: string, key: string): Promise<void>;
  /** Forgets keys past their retention, for every team (housekeeping). */
  purgeExpired(now: Date): Promise<number>;
}
