import { EVENT_TYPES, EventData, EventObject, EventType } from './event';

// The audit trail: the event log read as who changed what. Every change a use case makes is an event of the log,
// written in the transaction of the change with the actor and the request (`EventData.actor`, `requestId`); an
// entry of the trail is one such event, its fields' old and new values taken from the record's API shape after
// the change (`data.object`) and the previous values of what changed (`data.previous`).

/** The kinds of record the trail is kept for, as `GET /audit-log?resource=` names them, and their events' prefix. */
export const AUDIT_RESOURCES = {
  deal: 'deal.',
  client: 'client.',
  lead: 'lead.',
  task: 'task.',
  activity: 'activity.',
  project: 'project.',
  campaign: 'campaign.',
  whatsapp_message: 'whatsapp.message.',
  whatsapp_contact: 'whatsapp.contact.',
  inbound_delivery: 'inbound.delivery.',
  privacy_erasure: 'privacy.erasure.',
} as const;
export type AuditResource = keyof typeof AUDIT_RESOURCES;
export const AUDIT_RESOURCE_NAMES = Object.keys(AUDIT_RESOURCES) as AuditResource[];

/** The event types of a kind of record. */
export const auditTypesOf = (resource: AuditResource): EventType[] => EVENT_TYPES.filter((t) => t.startsWith(AUDIT_RESOURCES[resource]));

/** The kind of record an event is about. */
export const auditResourceOf = (type: EventType): AuditResource | null =>
  AUDIT_RESOURCE_NAMES.find((r) => type.startsWith(AUDIT_RESOURCES[r])) ?? null;

/** A field's value before and after a change: null before a creation, and after a removal. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

export interface AuditEntry {
  id: string;
  createdAt: string;
  /** Null for a change written before the log recorded its actor. */
  actor: string | null;
  requestId: string | null;
  /** The event type: `deal.updated`, `deal.archived`… */
  action: EventType;
  resource: AuditResource | null;
  resourceId: string;
  changes: Record<string, FieldChange>;
}

/** What every change moves or never changes: not told as a change of its own. */
const BOOKKEEPING = new Set(['id', 'created_at', 'updated_at']);

const isRemoval = (type: EventType) => type.endsWith('.deleted');

/**
 * The fields an event changed: for a change, each field of `previous` from its old value to the record's; for a
 * creation (no `previous`), every field from null; for a removal, every field to null.
 */
export const changesOf = (event: Pick<EventData, 'type' | 'data'>): Record<string, FieldChange> => {
  const object: EventObject = event.data.object ?? {};
  const changes: Record<string, FieldChange> = {};
  if (event.data.previous !== undefined) {
    for (const [field, from] of Object.entries(event.data.previous)) changes[field] = { from, to: object[field] ?? null };
    return changes;
  }
  const removal = isRemoval(event.type);
  for (const [field, value] of Object.entries(object)) {
    if (BOOKKEEPING.has(field) || value === null || value === undefined) continue;
    changes[field] = removal ? { from: value, to: null } : { from: null, to: value };
  }
  return changes;
};

export const auditEntryOf = (event: EventData): AuditEntry => ({
  id: event.id,
  createdAt: event.createdAt,
  actor: event.actor,
  requestId: event.requestId,
  action: event.type,
  resource: auditResourceOf(event.type),
  resourceId: event.subjectId,
  changes: changesOf(event),
});
