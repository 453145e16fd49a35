// Every record of a team that holds one person (LGPD art. 18): what an export shows and an erasure removes.
import { ActivityData } from '../../domain/activities/activity';
import { ActivityRepository } from '../../domain/activities/activity-repository';
import { ClientData } from '../../domain/clients/client';
import { ClientRepository } from '../../domain/clients/client-repository';
import { DealContactRepository } from '../../domain/deals/deal-contact-repository';
import { DealRepository, DealView } from '../../domain/deals/deal-repository';
import { EventData } from '../../domain/events/event';
import { EventOutbox } from '../../domain/events/event-outbox';
import { PersonIdentifiers } from '../../domain/privacy/person-identifiers';
import { PERSON_RECORDS_LIMIT, PersonRecordKind, TooManyPersonRecords } from '../../domain/privacy/person-records';
import { ContactIdentityData } from '../../domain/projects/contact-identity';
import { LeadView } from '../../domain/projects/lead';
import { ContactIdentityRepository } from '../../domain/projects/contact-identity-repository';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { TeamContext } from '../../domain/shared/team';
import { InboundDeliveryData } from '../../domain/webhooks/inbound-delivery';
import { InboundDeliveryRepository } from '../../domain/webhooks/inbound-delivery-repository';
import { ContactData } from '../../domain/whatsapp/contact';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { ConversationData } from '../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';
import { MessageData } from '../../domain/whatsapp/message';
import { MessageRepository } from '../../domain/whatsapp/message-repository';
import { ProjectDealDetails } from '../deals/project-deal-details';

/** Every record of the team holding the person, by kind, each kind oldest first. */
export interface PersonRecords {
  /** Clients holding the CPF, the CNPJ, the e-mail, or a spelling of the phone (phone, mobile phone, WhatsApp). */
  clients: ClientData[];
  /** Leads of any project with the phone or e-mail, or sharing the identity of one that has them. */
  leads: LeadView[];
  /** The shared identities of those leads, and any identity with the phone or e-mail. */
  identities: ContactIdentityData[];
  /** Deals of the clients or leads found, linking a lead found, or whose contact snapshot holds the e-mail or phone. */
  deals: DealView[];
  /** WhatsApp contacts of the phone (any variant), or linked to a client found. */
  whatsappContacts: ContactData[];
  conversations: ConversationData[];
  messages: MessageData[];
  /** Inbound deliveries whose raw body holds one of the identifiers as text. */
  inboundDeliveries: InboundDeliveryData[];
  /** Activities of the clients or deals found. */
  activities: ActivityData[];
  /** Event-log entries about any record above. */
  events: EventData[];
}

export interface FindPersonOptions {
  /** The records of one kind gathered at most (default `PERSON_RECORDS_LIMIT`); more is `TooManyPersonRecords`. */
  limit?: number;
}

const byCreation = <T extends { id: string; createdAt: string }>(a: T, b: T): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

const unique = <T extends { id: string }>(rows: T[]): T[] => [...new Map(rows.map((r) => [r.id, r])).values()];

const ids = (rows: readonly { id: string }[]): string[] => rows.map((r) => r.id);

export class FindPerson {
  constructor(
    private readonly clients: ClientRepository,
    private readonly leads: LeadRepository,
    private readonly identities: ContactIdentityRepository,
    private readonly deals: DealRepository,
    private readonly dealContacts: DealContactRepository,
    private readonly dealDetails: ProjectDealDetails,
    private readonly contacts: ContactRepository,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly deliveries: InboundDeliveryRepository,
    private readonly activities: ActivityRepository,
    private readonly events: EventOutbox,
  ) {}

  /** The reads join the unit of work open around the call, if any (an erasure reads and deletes in one). */
  async execute(team: TeamContext, person: PersonIdentifiers, options: FindPersonOptions = {}): Promise<PersonRecords> {
    const limit = options.limit ?? PERSON_RECORDS_LIMIT;
    const within = <T>(kind: PersonRecordKind, rows: T[]): T[] => {
      if (rows.length > limit) throw new TooManyPersonRecords(kind, limit);
      return rows;
    };
    const over = limit + 1;
    const phone = person.phone;
    const keys = { phoneKey: phone?.key ?? null, emailKey: person.email };

    const [byDocument, byPhone, identitiesByKey, deliveries] = await Promise.all([
      this.clients.findHolders(team, {
        cpfs: person.cpf ? [person.cpf] : [],
        cnpjs: person.cnpj ? [person.cnpj] : [],
        emails: person.email ? [person.email] : [],
      }),
      phone ? this.clients.findByPhoneDigits(team, phone.variants, over) : Promise.resolve([]),
      keys.phoneKey || keys.emailKey ? this.identities.listByContact(team, keys) : Promise.resolve([]),
      this.deliveries.listHoldingPerson(team, person, over),
    ]);
    const clients = within('clients', unique([...byDocument, ...byPhone]).sort(byCreation));
    const clientIds = ids(clients);

    const leads = within('leads', await this.leads.listHolders(team, { ...keys, identityIds: ids(identitiesByKey) }, over));
    const identities = within('identities', unique([...identitiesByKey, ...leads.map((l) => l.identity)]).sort(byCreation));
    const leadIds = ids(leads);

    const [links, whatsappContacts] = await Promise.all([
      this.dealContacts.listByLeads(team, leadIds, over),
      this.contacts.listHolders(team, { phoneKey: phone?.key ?? null, clientIds }, over),
    ]);
    const dealViews = within(
      'deals',
      await this.deals.listHolders(
        team,
        {
          ids: [...new Set(links.map((l) => l.dealId))],
          clientIds,
          leadIds,
          contactEmail: person.email,
          contactPhones: phone ? phone.international.map((d) => `+${d}`) : [],
        },
        over,
      ),
    );
    const deals = await this.dealDetails.attach(team, dealViews);
    within('whatsappContacts', whatsappContacts);

    const [conversations, activities] = await Promise.all([
      this.conversations.listByContacts(team, ids(whatsappContacts), over),
      this.activities.listByRecords(team, { clientIds, dealIds: deals.map((d) => d.deal.id) }, over),
    ]);
    within('conversations', conversations);
    within('activities', activities);
    const messages = within('messages', await this.messages.listByConversations(team, ids(conversations), over));
    within('inboundDeliveries', deliveries);

    const subjects = [
      ...clientIds,
      ...leadIds,
      ...ids(identities),
      ...deals.map((d) => d.deal.id),
      ...ids(whatsappContacts),
      ...ids(conversations),
      ...ids(messages),
      ...ids(deliveries),
      ...ids(activities),
    ];
    const events = within('events', subjects.length ? await this.events.listBySubjects(team, subjects, over) : []);

    return {
      clients,
      leads,
      identities,
      deals,
      whatsappContacts,
      conversations,
      messages,
      inboundDeliveries: deliveries,
      activities,
      events,
    };
  }
}
