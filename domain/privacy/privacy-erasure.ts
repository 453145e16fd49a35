// The privacy log: one entry per erasure request, saying who asked, in which request, why, and how many
// records of each kind were anonymised. It never holds the identifiers it was asked about: only a salted hash
// of them, so that an operator who is given them again can tell whether this entry was about them.
import { ValidationFailed } from '../shared/errors';
import { PERSON_RECORD_KINDS } from './person-records';
import { Text } from '../shared/limits';
import { SYSTEM_ACTOR, TeamContext } from '../shared/team';

/** What an erasure counts, in the order it reports them: the records anonymised, then the copies scrubbed. */
export const ERASURE_KINDS = [...PERSON_RECORD_KINDS, 'importRows', 'idempotencyKeys', 'workflowRuns', 'projects'] as const;
export type ErasureKind = (typeof ERASURE_KINDS)[number];
export type ErasureCounts = Record<ErasureKind, number>;

export const noErasures = (): ErasureCounts => Object.fromEntries(ERASURE_KINDS.map((k) => [k, 0])) as ErasureCounts;

/** A salted hash of the normalised identifiers: the salt is the entry's own. */
export interface IdentifierFingerprint {
  salt: string;
  hash: string;
}

export interface PrivacyErasureData {
  id: string;
  teamId: string;
  /** Who asked (`api_key:<id>`, `cli`…), as the audit trail names it. */
  actor: string;
  /** The request it came with, when it came with one. */
  requestId: string | null;
  reason: string;
  counts: ErasureCounts;
  identifiersHash: string;
  identifiersSalt: string;
  createdAt: string;
}

/** Why the person's data is erased: required, a short text. */
export const requireErasureReason = (raw: unknown): string => {
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (!reason) throw new ValidationFailed('reason is required: why the personal data is erased', 'reason');
  if ([...reason].length > Text.name) throw new ValidationFailed(`reason must be at most ${Text.name} characters`, 'reason');
  return reason;
};

/** The log entry of one erasure, written once. */
export const privacyErasure = (
  id: string,
  team: TeamContext,
  reason: string,
  counts: ErasureCounts,
  fingerprint: IdentifierFingerprint,
  now: Date,
): PrivacyErasureData => ({
  id,
  teamId: team.teamId,
  actor: team.actor ?? SYSTEM_ACTOR,
  requestId: team.requestId ?? null,
  reason: requireErasureReason(reason),
  counts: { ...counts },
  identifiersHash: fingerprint.hash,
  identifiersSalt: fingerprint.salt,
  createdAt: now.toISOString(),
});
