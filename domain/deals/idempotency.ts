// The Idempotency-Key rule of POST /deals (spec 4.1), which POST /projects/:id/deals follows too: one key,
// per team, stands for one creation for 24 hours; the same payload replays it, another payload is a conflict.
import { requestName } from '../shared/changes';
import { Conflict, ValidationFailed } from '../shared/errors';
import { NewGlobalDeal } from './deal';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 512;
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** A key `parseIdempotencyKey` has let through: the only kind a creation takes, so it is read once, where it enters. */
export type IdempotencyKey = string & { readonly __brand: 'IdempotencyKey' };

/** The header's value, or null when none was sent (an empty header counts as none). */
export const parseIdempotencyKey = (raw: string | undefined | null): IdempotencyKey | null => {
  if (raw === undefined || raw === null || raw === '') return null;
  if (raw.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new ValidationFailed(
      `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`,
      'Idempotency-Key',
      'invalid_idempotency_key',
    );
  }
  return raw as IdempotencyKey;
};

const canonical = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(canonical);
  if (typeof v === 'object' && v !== null) {
    return Object.fromEntries(
      Object.keys(v as Record<string, unknown>)
        .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
};

/** The same request whatever the order of its keys: what "identical payload" compares. */
export const requestFingerprint = (payload: unknown): string => JSON.stringify(canonical(payload)) ?? 'null';

/**
 * The fingerprint of a new deal. It is stored with its key, so it names the fields as the request
 * does (`client_id`, not `clientId`): a key taken before keeps replaying the same payload.
 */
export const newDealFingerprint = (deal: NewGlobalDeal): string =>
  requestFingerprint(Object.fromEntries(Object.entries(deal).map(([k, v]) => [requestName(k), v])));

/**
 * The fingerprint of a request to POST /projects/:id/deals. It names the route and the project beside the
 * payload, so a key used on another creation route (POST /deals, whose fingerprint is the bare payload)
 * or for another project is a conflict, never a replay of a deal of that route.
 */
export const newProjectDealFingerprint = (projectId: string, request: Record<string, unknown>): string =>
  requestFingerprint({
    route: 'POST /projects/{id}/deals',
    project_id: projectId,
    body: Object.fromEntries(Object.entries(request).map(([k, v]) => [requestName(k), v])),
  });

export interface IdempotencyRecord {
  teamId: string;
  key: string;
  fingerprint: string;
  /** The deal this key created (written in the same transaction as the deal). */
  dealId: string;
  createdAt: string;
  expiresAt: string;
}

export const newIdempotencyRecord = (teamId: string, key: string, fingerprint: string, dealId: string, now: Date): IdempotencyRecord => ({
  teamId,
  key,
  fingerprint,
  dealId,
  createdAt: now.toISOString(),
  expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS).toISOString(),
});

export const isExpired = (record: IdempotencyRecord, now: Date): boolean => Date.parse(record.expiresAt) <= now.getTime();

export type IdempotencyDecision = { kind: 'new' } | { kind: 'replay'; dealId: string };

/** What a request with this key and fingerprint does, given what the key already holds. */
export const decideIdempotency = (existing: IdempotencyRecord | null, fingerprint: string, now: Date): IdempotencyDecision => {
  if (existing === null || isExpired(existing, now)) return { kind: 'new' };
  if (existing.fingerprint !== fingerprint) {
    throw new Conflict('Idempotency-Key was already used with a different payload', 'CONFLICT', { field: 'Idempotency-Key' });
  }
  return { kind: 'replay', dealId: existing.dealId };
};
