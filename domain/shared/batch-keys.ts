// The Idempotency-Key of batch writes (POST /clients/batch, POST /projects/:id/leads/batch): one key, per team
// and route, stands for one request for 24 hours. Its first answer (status and body) is kept; the same payload
// replays it, another payload is a conflict, and so is a key whose first request is still running.
import { Conflict } from './errors';

export const BATCH_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** An answer as it was given: replayed as is. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export interface BatchKeyRecord {
  teamId: string;
  /** Which batch route took the key (`clients`, `leads`): a key is the team's per route. */
  route: string;
  key: string;
  /** The request it stands for (`requestFingerprint`). */
  fingerprint: string;
  /** Null while the first request runs. */
  answer: StoredAnswer | null;
  createdAt: string;
  expiresAt: string;
}

/** The key taken by a request that has not answered yet. */
export const newBatchKeyRecord = (teamId: string, route: string, key: string, fingerprint: string, now: Date): BatchKeyRecord => ({
  teamId,
  route,
  key,
  fingerprint,
  answer: null,
  createdAt: now.toISOString(),
  expiresAt: new Date(now.getTime() + BATCH_KEY_RETENTION_MS).toISOString(),
});

export const isBatchKeyExpired = (record: Pick<BatchKeyRecord, 'expiresAt'>, now: Date): boolean =>
  Date.parse(record.expiresAt) <= now.getTime();

export type BatchKeyDecision = { kind: 'new' } | { kind: 'replay'; answer: StoredAnswer };

/** What a request with this key and fingerprint does, given what the key already holds. */
export const decideBatchKey = (existing: BatchKeyRecord | null, fingerprint: string, now: Date): BatchKeyDecision => {
  if (existing === null || isBatchKeyExpired(existing, now)) return { kind: 'new' };
  if (existing.answer === null) {
    throw new Conflict('A request with this Idempotency-Key is still in progress', 'CONFLICT', { field: 'Idempotency-Key' });
  }
  if (existing.fingerprint !== fingerprint) {
    throw new Conflict('Idempotency-Key was already used with a different payload', 'CONFLICT', { field: 'Idempotency-Key' });
  }
  return { kind: 'replay', answer: existing.answer };
};
