// An integrator's subscription to the team's events: where to POST them, which ones, and the secret they are
// signed with (Standard Webhooks). The secrets are kept sealed (SECRETS_KEY); the entity never sees them in clear.
import { ChangeOf, carriesAny, requestName } from '../shared/changes';
import { ValidationFailed } from '../shared/errors';
import { Items, Text } from '../shared/limits';
import { EVENT_TYPES, EventType } from './event';

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

/** The longest URL a subscription takes. */
export const MAX_EVENT_URL = 2048;
/** The most types and patterns one subscription lists. */
export const MAX_EVENT_PATTERNS = Items.list;
/** The longest description. */
export const MAX_EVENT_SUBSCRIPTION_DESCRIPTION = Text.long;

/** `active`, `inactive` (the integrator turned it off) or `disabled` (the service turned it off, with a reason). */
export type EventSubscriptionStatus = 'active' | 'inactive' | 'disabled';
export const EVENT_SUBSCRIPTION_STATUSES = ['active', 'inactive', 'disabled'] as const satisfies readonly EventSubscriptionStatus[];

export const subscriptionStatus = (d: EventSubscriptionData): EventSubscriptionStatus =>
  d.disabledAt !== null ? 'disabled' : d.isActive ? 'active' : 'inactive';

/** Every prefix of a known type, as a pattern: `deal.*`, `whatsapp.*`, `whatsapp.message.*`… (computed once). */
const PREFIX_PATTERNS: readonly string[] = [
  ...new Set(
    EVENT_TYPES.flatMap((type) => {
      const parts = type.split('.');
      return parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join('.')}.*`);
    }),
  ),
];
const KNOWN = new Set<string>(['*', ...PREFIX_PATTERNS, ...EVENT_TYPES]);

/** What a subscription may list: the exact types, and the patterns (`*` and every `prefix.*`). */
export const eventPatternsKnown = (): { types: string[]; patterns: string[] } => ({
  types: [...EVENT_TYPES],
  patterns: ['*', ...PREFIX_PATTERNS],
});

/**
 * The types a subscription receives: a non-empty list of exact types, `prefix.*` patterns of known types
 * (`deal.*`, `whatsapp.message.*`) or `*`, duplicates dropped and the order kept. An unknown one is refused
 * naming it, with what is known, so that a typo never subscribes to nothing in silence.
 */
export function parseEventPatterns(value: unknown): string[] {
  if (!Array.isArray(value)) throw new ValidationFailed('events must be a list of event types or patterns', 'events');
  if (value.length === 0) throw new ValidationFailed('events must name at least one event type or pattern', 'events');
  if (value.length > MAX_EVENT_PATTERNS)
    throw new ValidationFailed(`events may list at most ${MAX_EVENT_PATTERNS} types or patterns`, 'events');
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') throw new ValidationFailed('events must hold only event types or patterns (texts)', 'events');
    if (!KNOWN.has(item)) {
      const known = eventPatternsKnown();
      throw new ValidationFailed(
        `events: ${JSON.stringify(item)} is not a known event type or pattern; the types are ${known.types.join(', ')}; ` +
          `the patterns are ${known.patterns.join(', ')}`,
        'events',
      );
    }
    if (!out.includes(item)) out.push(item);
  }
  return out;
}

const matchesPattern = (pattern: string, type: EventType): boolean =>
  pattern === '*' || (pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type);

/** The URL as sent, trimmed; where it may lead is the target guard's to say (application/events/event-target-guard.ts). */
const requireUrl = (v: unknown): string => {
  const url = typeof v === 'string' ? v.trim() : '';
  if (!url) throw new ValidationFailed('url must not be empty', 'url');
  if (url.length > MAX_EVENT_URL) throw new ValidationFailed(`url must be at most ${MAX_EVENT_URL} characters`, 'url');
  return url;
};

const requireDescription = (v: string | null | undefined): string | null => {
  const text = v?.trim() ?? '';
  if ([...text].length > MAX_EVENT_SUBSCRIPTION_DESCRIPTION) {
    throw new ValidationFailed(`description must be at most ${MAX_EVENT_SUBSCRIPTION_DESCRIPTION} characters`, 'description');
  }
  return text || null;
};

export interface NewEventSubscription {
  url: string;
  /** Checked here (`parseEventPatterns`). */
  events: unknown;
  description?: string | null;
  isActive?: boolean;
}

/**
 * What PUT /event-subscriptions/:id may change, in the order a change with none of them is told about. The
 * secret changes only by rotation; the disabled state only by the service, or cleared by `is_active: true`.
 */
export const EVENT_SUBSCRIPTION_CHANGE_FIELDS = [
  'url',
  'events',
  'description',
  'isActive',
] as const satisfies readonly (keyof EventSubscriptionData)[];

/** A change to a subscription; `events` is checked here whoever sends it. */
export type EventSubscriptionChanges = ChangeOf<
  EventSubscriptionData,
  (typeof EVENT_SUBSCRIPTION_CHANGE_FIELDS)[number],
  { events?: unknown }
>;

const copy = (d: EventSubscriptionData): EventSubscriptionData => ({ ...d, events: [...d.events] });

export class EventSubscription {
  private constructor(private data: EventSubscriptionData) {}

  /** A new subscription, active unless told otherwise, signing with `sealedSecret`. */
  static create(id: string, teamId: string, input: NewEventSubscription, sealedSecret: string, now: Date): EventSubscription {
    const at = now.toISOString();
    return new EventSubscription({
      id,
      teamId,
      url: requireUrl(input.url),
      events: parseEventPatterns(input.events),
      description: requireDescription(input.description),
      isActive: input.isActive ?? true,
      secretSealed: sealedSecret,
      previousSecretSealed: null,
      previousSecretExpiresAt: null,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      createdAt: at,
      updatedAt: at,
    });
  }

  static restore(data: EventSubscriptionData): EventSubscription {
    return new EventSubscription(copy(data));
  }

  get id(): string {
    return this.data.id;
  }

  /** Whether events are sent to it: the integrator left it active and the service has not disabled it. */
  get isDelivering(): boolean {
    return this.data.isActive && this.data.disabledAt === null;
  }

  snapshot(): EventSubscriptionData {
    return copy(this.data);
  }

  /** Whether it receives events of `type`. */
  matches(type: EventType): boolean {
    return this.data.events.some((pattern) => matchesPattern(pattern, type));
  }

  /** `isActive: true` also enables again a subscription the service disabled, its failures forgotten. */
  update(changes: EventSubscriptionChanges, now: Date): void {
    if (!carriesAny(changes, EVENT_SUBSCRIPTION_CHANGE_FIELDS)) {
      throw new ValidationFailed(`Send at least one of: ${EVENT_SUBSCRIPTION_CHANGE_FIELDS.map(requestName).join(', ')}`);
    }
    const { url, events, description, isActive } = changes;
    if (url !== undefined) this.data.url = requireUrl(url);
    if (events !== undefined) this.data.events = parseEventPatterns(events);
    if (description !== undefined) this.data.description = requireDescription(description);
    if (isActive !== undefined) this.data.isActive = isActive;
    if (isActive === true) {
      this.data.disabledReason = null;
      this.data.disabledAt = null;
      this.data.failingSince = null;
    }
    this.data.updatedAt = now.toISOString();
  }

  /** A new secret; the one it replaces keeps signing beside it for `PREVIOUS_SECRET_TTL_MS`, so receivers can switch. */
  rotateSecret(newSealed: string, now: Date): void {
    this.data.previousSecretSealed = this.data.secretSealed;
    this.data.previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_TTL_MS).toISOString();
    this.data.secretSealed = newSealed;
    this.data.updatedAt = now.toISOString();
  }

  /** The sealed secrets a delivery made at `now` is signed with: the current one, then the previous one until it expires. */
  secretsSealedAt(now: Date): string[] {
    const { secretSealed, previousSecretSealed, previousSecretExpiresAt } = this.data;
    const previousValid =
      previousSecretSealed !== null && previousSecretExpiresAt !== null && Date.parse(previousSecretExpiresAt) > now.getTime();
    return previousValid ? [secretSealed, previousSecretSealed] : [secretSealed];
  }

  /** The service stops delivering to it (410 Gone, or failing for too long), saying why; `is_active: true` undoes it. */
  disable(reason: string, now: Date): void {
    this.data.disabledReason = reason;
    this.data.disabledAt = now.toISOString();
    this.data.updatedAt = now.toISOString();
  }

  /** A delivery attempt succeeded: it is not failing any more. Returns whether the record changed. */
  deliverySucceeded(): boolean {
    if (this.data.failingSince === null) return false;
    this.data.failingSince = null;
    return true;
  }

  /**
   * A delivery attempt failed: failing from now if it was not, and disabled once every attempt has failed for
   * `disableAfterMs`. Returns whether the record changed.
   */
  deliveryFailed(now: Date, disableAfterMs: number): boolean {
    if (this.data.failingSince === null) {
      this.data.failingSince = now.toISOString();
      return true;
    }
    if (this.data.disabledAt !== null || now.getTime() - Date.parse(this.data.failingSince) < disableAfterMs) return false;
    this.disable(`Every delivery attempt has failed since ${this.data.failingSince}`, now);
    return true;
  }
}
