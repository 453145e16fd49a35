import { PersonExport } from '../../../application/privacy/export-person';
import { EVENT_TYPES } from '../../../domain/events/event';
import { INBOUND_ACTION_TYPES } from '../../../domain/webhooks/webhook-endpoint';
import { activitySchema, presentActivity } from '../activities/present-activity';
import { clientSchema, presentClient } from '../clients/present-client';
import { dealSchema, presentDeal } from '../deals/present-deal';
import { eventSchema, presentEvent } from '../events/present-event';
import { identitySchema, leadSchema, presentIdentity, presentLead } from '../projects/present-lead';
import { exactObject, nullable, R } from '../shared/documented';
import { Schema } from '../shared/operation';
import { presentInboundDelivery } from '../webhooks/present-webhook';
import {
  contactSchema,
  conversationMessageSchema,
  conversationSchema,
  presentContact,
  presentConversation,
  presentConversationMessage,
} from '../whatsapp/present-whatsapp';

/** The file name an export is saved under: the day it was made. */
export const exportFileName = (e: PersonExport): string => `export-${e.generatedAt.slice(0, 10)}.json`;

/**
 * One person's records by kind, each as its resource's GET answers it (a message as a conversation lists
 * it, an identity as a lead embeds it, an event as GET /events shows it, an inbound delivery as the operator
 * reads it, with its raw body); `identifiers`: what was searched, normalised.
 */
export const presentPersonExport = (e: PersonExport) => {
  const r = e.records;
  const phone = e.identifiers.phone;
  return {
    identifiers: {
      email: e.identifiers.email,
      phone: phone ? `+${phone.international[0]}` : null,
      phone_variants: phone ? [...phone.variants] : [],
      cpf: e.identifiers.cpf,
      cnpj: e.identifiers.cnpj,
    },
    generated_at: e.generatedAt,
    clients: r.clients.map(presentClient),
    leads: r.leads.map(presentLead),
    identities: r.identities.map(presentIdentity),
    deals: r.deals.map(presentDeal),
    whatsapp_contacts: r.whatsappContacts.map(presentContact),
    conversations: r.conversations.map(presentConversation),
    messages: r.messages.map(presentConversationMessage),
    inbound_deliveries: r.inboundDeliveries.map(presentInboundDelivery),
    activities: r.activities.map(presentActivity),
    events: r.events.map(presentEvent),
  };
};

/** The documented shape of `presentInboundDelivery`: a payload an endpoint received, as it came. */
export const inboundDeliverySchema = exactObject(
  {
    id: R.uuid,
    webhook_id: R.uuid,
    action: R.enumOf(INBOUND_ACTION_TYPES),
    status: R.enumOf(['received', 'succeeded', 'failed']),
    entity_id: R.nullableUuid,
    entity_ids: { type: 'array', items: R.uuid },
    entity_type: R.nullableString,
    error: R.nullableString,
    warnings: { type: 'array', items: R.anyObject },
    attempts: R.integer,
    idempotency_key: R.nullableString,
    content_type: R.nullableString,
    payload: { description: 'The body as it was read (any JSON value; null when it could not be read).' },
    raw_body: { ...R.nullableString, description: 'The body exactly as it was posted.' },
    body_error: R.nullableString,
    received_at: R.dateTime,
    processed_at: R.nullableDateTime,
  },
  'A payload an inbound endpoint received.',
);

const listOf = (items: Schema, description: string): Schema => ({ type: 'array', items, description });

export const personExportSchema = exactObject({
  identifiers: exactObject(
    {
      email: R.nullableString,
      phone: { ...R.nullableString, description: 'The number as given, `+` and the digits with the country code.' },
      phone_variants: { ...R.stringArray, description: 'Every spelling of the number searched for, in digits.' },
      cpf: nullable({ type: 'string', pattern: '^\\d{11}$' }),
      cnpj: R.nullableString,
    },
    'What was searched, normalised.',
  ),
  generated_at: R.dateTime,
  clients: listOf(clientSchema, 'Clients holding the CPF, the CNPJ, the e-mail or the phone.'),
  leads: listOf(leadSchema, 'Leads of any project with the phone or e-mail, or sharing the identity of one that has them.'),
  identities: listOf(identitySchema, 'The shared identities of those leads.'),
  deals: listOf(dealSchema, 'Deals of those clients or leads, linking them, or whose contact snapshot holds the e-mail or phone.'),
  whatsapp_contacts: listOf(contactSchema, 'WhatsApp contacts of the phone (any spelling), or linked to a client found.'),
  conversations: listOf(conversationSchema, "The contacts' conversations."),
  messages: listOf(conversationMessageSchema, 'Every message of those conversations.'),
  inbound_deliveries: listOf(inboundDeliverySchema, 'Inbound deliveries whose raw body holds one of the identifiers.'),
  activities: listOf(activitySchema, 'Activities of the clients or deals found.'),
  events: listOf(eventSchema(EVENT_TYPES), 'Entries of the event log about any record above.'),
});
