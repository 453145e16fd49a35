// An integrator's subscription to the team's events: where to POST them, which ones, and the secret they are
// signed with (Standard Webhooks). The secrets are kept sealed (SECRETS_KEY); the entity never sees them in clear.

export const EVENT_SUBSCRIPTION_SORT_FIELDS = ['created_at', 'updated_at', 'url'] as const;
export type EventSubscriptionSortField = (typeof EVENT_SUBSCRIPTION_SORT_FIELDS)[number];

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 60 * 60 * 1000;

export interface EventSubscriptionData {
  id: string;
  teamId: string;
  url: string;
  /** What it receives: exact event types, `prefix.*` patterns, or `*`. */
  events: string[];
  description: string | null;
  /** As the integrator set it. */
  isActive: boolean;
  /** The signing secret (`whsec_…`), sealed. */
  secretSealed: string;
  /** The secret it replaced, sealed, still signing until `previousSecretExpiresAt`. */
  previousSecretSealed: string | null;
  previousSecretExpiresAt: string | null;
  /** Set when the service disabled it (410 Gone, or failing for too long): why, and when. */
  disabledReason: string | null;
  disabledAt: string | null;
  /** When the attempts began failing without a success since; null while it succeeds. */
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}
