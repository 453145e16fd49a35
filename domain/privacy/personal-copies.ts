import { TeamContext } from '../shared/team';
import { Redaction } from './redaction';

/**
 * The stored copies of request and processing data that may hold a person's values beside their records:
 * import rows as read from the file (and their problems), the first answers and fingerprints of Idempotency-Keys
 * (deal creations and batches), the errors of workflow runs. Event deliveries keep no bodies, the errors of
 * WhatsApp inboxes are about the business's own number, and the event log has its own scrub (`EventOutbox.scrub`).
 */
export const COPY_KINDS = ['importRows', 'idempotencyKeys', 'workflowRuns'] as const;
export type CopyKind = (typeof COPY_KINDS)[number];

export interface PersonalCopies {
  /**
   * Rewrites the team's copies of one kind that hold an e-mail, a phone, a document or a full name of the
   * person (`Redaction.touches`), each through `Redaction` whole, and returns how many changed. Other teams'
   * copies are never read.
   */
  scrub(team: TeamContext, kind: CopyKind, redaction: Redaction): Promise<number>;
}
