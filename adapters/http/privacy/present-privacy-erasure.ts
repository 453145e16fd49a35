import { ERASURE_KINDS, PrivacyErasureData } from '../../../domain/privacy/privacy-erasure';
import { R, exactObject } from '../shared/documented';

/** `identities` → `identities`, `whatsappContacts` → `whatsapp_contacts`: the counts as the API names them. */
const snake = (k: string): string => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const COUNT_DESCRIPTIONS: Record<(typeof ERASURE_KINDS)[number], string> = {
  clients: 'Clients anonymised (or, for a company found by another identifier than its CNPJ, cleared of the person).',
  leads: 'Project leads anonymised.',
  identities: 'Contact identities anonymised.',
  deals: "Deals whose contact snapshot and texts lost the person's values.",
  whatsappContacts: 'WhatsApp contacts anonymised.',
  conversations: 'WhatsApp conversations cleared of the ad click id.',
  messages: 'WhatsApp messages whose content and media references were replaced.',
  inboundDeliveries: 'Inbound receiver deliveries whose body was replaced by the marker.',
  activities: 'Activities anonymised.',
  events: 'Event log entries rewritten.',
  importRows: 'Import rows rewritten.',
  idempotencyKeys: 'Stored Idempotency-Key fingerprints and answers rewritten.',
  workflowRuns: 'Workflow run errors rewritten.',
  projects: "Projects whose name or description held the person's name.",
};

export const privacyErasureSchema = exactObject({
  id: R.uuid,
  reason: R.string,
  counts: exactObject(
    Object.fromEntries(ERASURE_KINDS.map((k) => [snake(k), { type: 'integer', minimum: 0, description: COUNT_DESCRIPTIONS[k] }])),
  ),
  actor: { type: 'string', description: 'Who asked: `api_key:<id>`, `cli`, …' },
  request_id: { type: ['string', 'null'], description: 'The X-Request-Id the erasure came with.' },
  created_at: R.dateTime,
});

/** A privacy log entry, without the hash of the identifiers and its salt (they are the operator's). */
export const presentPrivacyErasure = (e: PrivacyErasureData) => ({
  id: e.id,
  reason: e.reason,
  counts: Object.fromEntries(ERASURE_KINDS.map((k) => [snake(k), e.counts[k]])),
  actor: e.actor,
  request_id: e.requestId,
  created_at: e.createdAt,
});
