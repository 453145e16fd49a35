import { ActivityData } from '../../domain/activities/activity';
import { CampaignView } from '../../domain/campaigns/campaign-repository';
import { ClientData } from '../../domain/clients/client';
import { DealView } from '../../domain/deals/deal-repository';
import { EventObject } from '../../domain/events/event';
import { InboundDeliveryData } from '../../domain/webhooks/inbound-delivery';
import { ContactData } from '../../domain/whatsapp/contact';
import { MessageData } from '../../domain/whatsapp/message';
import { LeadView } from '../../domain/projects/lead';
import { ProjectView } from '../../domain/projects/project';
import { TaskData } from '../../domain/tasks/task';
import { PrivacyErasureData } from '../../domain/privacy/privacy-erasure';

/**
 * The API shape of each kind of record an event is about, exactly as its GET answers it: an event carries
 * the record as an integrator would read it. The HTTP adapter's presenters implement it; a use case never
 * shapes JSON itself. A context whose records raise events adds its kind here.
 */
export interface EventObjects {
  deal(view: DealView): EventObject;
  /** A message as `GET /whatsapp/conversations/:id/messages` lists it, with its conversation and contact ids. */
  whatsappMessage(message: MessageData): EventObject;
  /** A contact as `GET /whatsapp/contacts/:id` answers it. */
  whatsappContact(contact: ContactData): EventObject;
  /** An inbound receiver delivery as the operator's `webhook deliveries` shows it, without the body it came with. */
  inboundDelivery(delivery: InboundDeliveryData): EventObject;
  client(client: ClientData): EventObject;
  project(view: ProjectView): EventObject;
  /** As a project's lead list shows it (there is no GET of one lead). */
  lead(view: LeadView): EventObject;
  task(task: TaskData): EventObject;
  activity(activity: ActivityData): EventObject;
  campaign(view: CampaignView): EventObject;
  /** A privacy log entry as `GET /privacy/erasures/:id` answers it: never the identifiers it was about. */
  privacyErasure(entry: PrivacyErasureData): EventObject;
}

export type EventSubjectKind = keyof EventObjects;
/** What one kind's shape takes. */
export type EventSubjectOf<K extends EventSubjectKind> = Parameters<EventObjects[K]>[0];
