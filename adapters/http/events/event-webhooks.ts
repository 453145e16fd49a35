import { EVENT_TYPES, EventType } from '../../../domain/events/event';
import { activitySchema } from '../activities/present-activity';
import { campaignSchema } from '../campaigns/present-campaign';
import { clientSchema } from '../clients/present-client';
import { dealSchema } from '../deals/present-deal';
import { leadSchema } from '../projects/present-lead';
import { projectSchema } from '../projects/present-project';
import { taskSchema } from '../tasks/present-task';
import { privacyErasureSchema } from '../privacy/present-privacy-erasure';
import { contactSchema, conversationMessageSchema } from '../whatsapp/present-whatsapp';
import { WebhookDoc } from '../openapi/openapi-document';
import { Schema } from '../shared/operation';
import { eventSchema } from './present-event';

/** What each event means, as the document says it. */
const SUMMARIES: Record<EventType, string> = {
  'deal.created': 'A deal was created (POST /deals, or the inbound receiver).',
  'deal.updated': 'A deal was changed; `previous` holds the fields that changed.',
  'deal.stage_changed': "A global deal's phase changed, or a project deal moved to another column.",
  'deal.won': 'A project deal moved into a won column (`win_note` on the deal).',
  'deal.lost': 'A project deal moved into a lost column (`loss_reason` on the deal).',
  'deal.archived': 'A global deal was archived.',
  'client.created': 'A client was created.',
  'client.updated': 'A client was changed.',
  'client.deactivated': 'A client was deactivated.',
  'lead.created': 'A project lead was created (by the API, or the inbound receiver).',
  'lead.updated': 'A project lead was changed (by the API, or a returning lead).',
  'task.created': 'A task was created.',
  'task.updated': 'A task was changed or restored.',
  'task.deleted': 'A task was deleted; `object` is the task as it was.',
  'activity.created': 'An activity was created (by the API, or a workflow).',
  'activity.updated': 'An activity was changed or completed.',
  'project.created': 'A project was created.',
  'project.updated': 'A project was changed or archived.',
  'campaign.created': 'A campaign was created.',
  'campaign.updated': 'A campaign was changed.',
  'whatsapp.message.received': 'A WhatsApp message came in.',
  'whatsapp.message.sent':
    'A message left the business: one sent through the API (text, template or media) was accepted by the provider, or one sent from the phone itself was reported by Evolution.',
  'whatsapp.message.status_changed': 'A sent WhatsApp message became sent, delivered, read or failed (with the provider error).',
  'whatsapp.contact.created': 'A WhatsApp contact was created.',
  'inbound.delivery.failed': 'An inbound receiver payload could not be processed.',
  'privacy.erasure.completed':
    "A person's data was erased (POST /privacy/erasures); `object` is the privacy log entry, never the identifiers.",
};

/** An object schema without one of its properties (a record's event shows less than its GET: `raw`). */
const withoutProperty = (schema: Schema, name: string): Schema => {
  const { [name]: _dropped, ...properties } = schema.properties as Record<string, Schema>;
  return { ...schema, required: (schema.required as string[]).filter((n) => n !== name), properties };
};

/** The schema of `data.object` by the record an event is about; a record without one here is any object. */
const OBJECT_SCHEMAS: Partial<Record<string, Schema>> = {
  deal: dealSchema,
  client: clientSchema,
  lead: leadSchema,
  task: taskSchema,
  activity: activitySchema,
  project: projectSchema,
  campaign: campaignSchema,
  'whatsapp.message': withoutProperty(conversationMessageSchema, 'raw'),
  'whatsapp.contact': contactSchema,
  'privacy.erasure': privacyErasureSchema,
};

const objectSchemaOf = (type: EventType): Schema =>
  OBJECT_SCHEMAS[type.slice(0, type.lastIndexOf('.'))] ?? { type: 'object', description: 'The record as its GET answers it.' };

/** Every event type as the document's `webhooks` show it. */
export const eventWebhooks = (): Record<string, WebhookDoc> =>
  Object.fromEntries(EVENT_TYPES.map((type) => [type, { summary: SUMMARIES[type], body: eventSchema([type], objectSchemaOf(type)) }]));
