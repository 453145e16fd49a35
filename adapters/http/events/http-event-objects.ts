import { EventObjects } from '../../../application/events/event-objects';
import { EventObject } from '../../../domain/events/event';
import { ActivityData } from '../../../domain/activities/activity';
import { CampaignView } from '../../../domain/campaigns/campaign-repository';
import { ClientData } from '../../../domain/clients/client';
import { DealView } from '../../../domain/deals/deal-repository';
import { InboundDeliveryData } from '../../../domain/webhooks/inbound-delivery';
import { ContactData } from '../../../domain/whatsapp/contact';
import { MessageData } from '../../../domain/whatsapp/message';
import { presentDeal } from '../deals/present-deal';
import { presentInboundDelivery } from '../webhooks/present-webhook';
import { presentContact, presentConversationMessage } from '../whatsapp/present-whatsapp';
import { LeadView } from '../../../domain/projects/lead';
import { ProjectView } from '../../../domain/projects/project';
import { TaskData } from '../../../domain/tasks/task';
import { presentActivity } from '../activities/present-activity';
import { presentCampaign } from '../campaigns/present-campaign';
import { presentClient } from '../clients/present-client';
import { presentLead } from '../projects/present-lead';
import { presentProject } from '../projects/present-project';
import { presentTask } from '../tasks/present-task';
import { PrivacyErasureData } from '../../../domain/privacy/privacy-erasure';
import { presentPrivacyErasure } from '../privacy/present-privacy-erasure';

/**
 * An inbound delivery in an event. No route shows deliveries; the operator's `webhook deliveries` does, and
 * the event has its shape without the body (`payload`, `raw_body`: up to the receiver's body limit, and the
 * operator's to read): `id`, `webhook_id` (the endpoint's id, as `GET /webhooks/:id` takes it), `action`,
 * `status`, `entity_id`, `entity_ids`, `entity_type`, `error`, `warnings`, `attempts`, `idempotency_key`,
 * `content_type`, `body_error`, `received_at`, `processed_at`.
 */
export const presentInboundDeliveryEvent = (d: InboundDeliveryData) => {
  const { payload: _payload, raw_body: _rawBody, ...shown } = presentInboundDelivery(d);
  return shown;
};

/**
 * A WhatsApp message in an event: its shape without the provider's raw object (`raw`), which the message keeps
 * for `WHATSAPP_RAW_RETENTION_DAYS` only, while the log keeps its events for the audit trail's retention.
 */
export const presentMessageEvent = (m: MessageData) => {
  const { raw: _raw, ...shown } = presentConversationMessage(m);
  return shown;
};

/** An event's record in the shape its GET answers: the same presenters the routes use. */
export class HttpEventObjects implements EventObjects {
  deal(view: DealView): EventObject {
    return presentDeal(view);
  }
  whatsappMessage(message: MessageData): EventObject {
    return presentMessageEvent(message);
  }
  whatsappContact(contact: ContactData): EventObject {
    return presentContact(contact);
  }
  inboundDelivery(delivery: InboundDeliveryData): EventObject {
    return presentInboundDeliveryEvent(delivery);
  }
  client(client: ClientData): EventObject {
    return presentClient(client);
  }
  project(view: ProjectView): EventObject {
    return presentProject(view);
  }
  lead(view: LeadView): EventObject {
    return presentLead(view);
  }
  task(task: TaskData): EventObject {
    return presentTask(task);
  }
  activity(activity: ActivityData): EventObject {
    return presentActivity(activity);
  }
  campaign(view: CampaignView): EventObject {
    return presentCampaign(view);
  }
  privacyErasure(entry: PrivacyErasureData): EventObject {
    return presentPrivacyErasure(entry);
  }
}
