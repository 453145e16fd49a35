// LGPD art. 18 (erasure): one person's data anonymised in place, in every record of the team that holds it.
// Business records keep their ids, values, status and history, and no longer identify anyone; every copy of
// the person's values (the event log, import rows, stored answers, run errors) loses them too; a privacy log
// entry says who asked, why and how many records of each kind changed, and never who the person was.
import { Activity } from '../../domain/activities/activity';
import { ActivityRepository } from '../../domain/activities/activity-repository';
import { Client, ClientData } from '../../domain/clients/client';
import { ClientRepository } from '../../domain/clients/client-repository';
import { Deal } from '../../domain/deals/deal';
import { DealRepository, DealView } from '../../domain/deals/deal-repository';
import { EventObject } from '../../domain/events/event';
import { EventOutbox } from '../../domain/events/event-outbox';
import { anonymisedFields } from '../../domain/privacy/erased-events';
import { PersonalCopies } from '../../domain/privacy/personal-copies';
import { PersonIdentifiers, PersonIdentifiersInput, parsePersonIdentifiers } from '../../domain/privacy/person-identifiers';
import { ErasureCounts, PrivacyErasureData, noErasures, privacyErasure, requireErasureReason } from '../../domain/privacy/privacy-erasure';
import { PrivacyErasureRepository } from '../../domain/privacy/privacy-erasure-repository';
import { ERASED_NAME, PersonValues, Redaction } from '../../domain/privacy/redaction';
import { ContactIdentity, ContactIdentityData } from '../../domain/projects/contact-identity';
import { ContactIdentityRepository } from '../../domain/projects/contact-identity-repository';
import { Lead, LeadData, LeadView } from '../../domain/projects/lead';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { Project } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { TeamContext } from '../../domain/shared/team';
import { InboundDelivery } from '../../domain/webhooks/inbound-delivery';
import { InboundDeliveryRepository } from '../../domain/webhooks/inbound-delivery-repository';
import { Contact } from '../../domain/whatsapp/contact';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { Conversation } from '../../domain/whatsapp/conversation';
import { ConversationRepository } from '../../domain/whatsapp/conversation-repository';
import { Message } from '../../domain/whatsapp/message';
import { MessageRepository } from '../../domain/whatsapp/message-repository';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { EventObjects } from '../events/event-objects';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { SearchIndexes } from '../shared/search-indexes';
import { UnitOfWork } from '../shared/unit-of-work';
import { IdentifierHasher } from './identifier-hasher';
import { FindPerson, PersonRecords } from './find-person';

/** Who the erasure is about (any of the identifiers, one at least) and why it is made. */
export type ErasePersonCommand = PersonIdentifiersInput & { reason?: unknown };

/** The storage an erasure writes through, besides the records' own repositories. */
export interface ErasureStores {
  erasures: PrivacyErasureRepository;
  copies: PersonalCopies;
  indexes: SearchIndexes;
  outbox: EventOutbox;
}

/** The records' repositories, each written through its own update path so that search text follows. */
export interface ErasureRepositories {
  clients: ClientRepository;
  leads: LeadRepository;
  identities: ContactIdentityRepository;
  deals: DealRepository;
  contacts: ContactRepository;
  conversations: ConversationRepository;
  messages: MessageRepository;
  deliveries: InboundDeliveryRepository;
  activities: ActivityRepository;
  projects: ProjectRepository;
}

/** The identifiers as the hash takes them: each normalised, in a fixed order, absent ones as null. */
const normalised = (ids: PersonIdentifiers): string =>
  JSON.stringify({ cnpj: ids.cnpj, cpf: ids.cpf, email: ids.email, phone: ids.phone?.key ?? null });

const leadData = (view: LeadView): LeadData => {
  const { identity: _identity, company: _company, ...data } = view;
  return data;
};

const PAGE = 100;

export class ErasePerson {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly find: FindPerson,
    private readonly repos: ErasureRepositories,
    private readonly stores: ErasureStores,
    private readonly hasher: IdentifierHasher,
    private readonly objects: EventObjects,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
    /** The records of one kind an erasure gathers at most (the export's cap, PRIVACY_EXPORT_MAX_RECORDS). */
    private readonly maxRecords: number,
  ) {}

  async execute(team: TeamContext, command: ErasePersonCommand): Promise<PrivacyErasureData> {
    const reason = requireErasureReason(command.reason);
    const person = parsePersonIdentifiers({ email: command.email, phone: command.phone, cpf: command.cpf, cnpj: command.cnpj });
    const erasureId = this.ids.next();
    const found = await this.find.execute(team, person, { limit: this.maxRecords });
    const isPerson = (c: ClientData) => c.type === 'PF' || (person.cnpj !== null && c.cnpj === person.cnpj);
    const values = personValues(person, found, isPerson);
    const redaction = Redaction.of(erasureId, values);
    const now = this.clock.now();
    const counts = noErasures();
    /** The fields each record's anonymisation changed, by id: what its events take. */
    const patches: Record<string, EventObject> = {};
    const patch = (id: string, before: EventObject, after: EventObject) => (patches[id] = anonymisedFields(before, after));
    const { repos } = this;

    // One transaction per kind of record.
    const anonymisedClients = new Map<string, ClientData>();
    counts.clients = await this.each(found.clients, async (c) => {
      const after = isPerson(c) ? Client.restore(c).anonymise(redaction, now) : Client.restore(c).redact(redaction, now);
      await repos.clients.update(after);
      anonymisedClients.set(c.id, after);
      patch(c.id, this.objects.client(c), this.objects.client(after));
    });
    const identities = new Map<string, ContactIdentityData>();
    counts.identities = await this.each(found.identities, async (i) => {
      const after = ContactIdentity.restore(i).anonymise(now);
      await repos.identities.update(after);
      identities.set(i.id, after);
      patches[i.id] = {};
    });
    const leads = new Map<string, LeadView>();
    counts.leads = await this.each(found.leads, async (view) => {
      const after = Lead.restore(leadData(view)).anonymise(redaction, now);
      await repos.leads.update(after);
      const afterView: LeadView = { ...after, identity: identities.get(view.identity.id) ?? view.identity, company: view.company };
      leads.set(view.id, afterView);
      patch(view.id, this.objects.lead(view), this.objects.lead(afterView));
    });
    counts.deals = await this.each(found.deals, async (view) => {
      const after = Deal.restore(view.deal).anonymise(redaction, now);
      await repos.deals.update(after);
      patch(view.deal.id, this.objects.deal(view), this.objects.deal(anonymisedView(view, after, anonymisedClients, leads)));
    });
    counts.whatsappContacts = await this.each(found.whatsappContacts, async (c) => {
      const after = Contact.restore(c).anonymise(redaction, now);
      await repos.contacts.update(after);
      patch(c.id, this.objects.whatsappContact(c), this.objects.whatsappContact(after));
    });
    counts.conversations = await this.each(found.conversations, async (c) => {
      await repos.conversations.update(Conversation.restore(c).anonymise(now));
      patches[c.id] = {};
    });
    counts.messages = await this.each(found.messages, async (m) => {
      const after = Message.restore(m).anonymise(redaction, now);
      await repos.messages.update(after);
      patch(m.id, this.objects.whatsappMessage(m), this.objects.whatsappMessage(after));
    });
    counts.inboundDeliveries = await this.each(found.inboundDeliveries, async (d) => {
      const after = InboundDelivery.restore(d).anonymise(redaction);
      await repos.deliveries.saveOutcome(after, d.attempts);
      patch(d.id, this.objects.inboundDelivery(d), this.objects.inboundDelivery(after));
    });
    counts.activities = await this.each(found.activities, async (a) => {
      const after = Activity.restore(a).anonymise(redaction, now);
      await repos.activities.update(after);
      patch(a.id, this.objects.activity(a), this.objects.activity(after));
    });
    counts.projects = await this.uow.run(() => this.redactProjects(team, values, redaction, now));

    // The copies of the person's values, and the search indexes the records' old text may linger in.
    counts.events = await this.uow.run(() => this.stores.outbox.scrub(team, patches, redaction));
    counts.importRows = await this.uow.run(() => this.stores.copies.scrub(team, 'importRows', redaction));
    counts.idempotencyKeys = await this.uow.run(() => this.stores.copies.scrub(team, 'idempotencyKeys', redaction));
    counts.workflowRuns = await this.uow.run(() => this.stores.copies.scrub(team, 'workflowRuns', redaction));
    await this.uow.run(() => this.stores.indexes.compact(['clients', 'leads', 'deals', 'whatsappContacts']));

    // The reason is free text: a reason that names the person is kept without them.
    const entry = await this.record(team, erasureId, redaction.requiredText(reason), counts, person);
    this.trigger.kick();
    return entry;
  }

  /** The privacy log entry and its event, together. */
  private async record(
    team: TeamContext,
    id: string,
    reason: string,
    counts: ErasureCounts,
    person: PersonIdentifiers,
  ): Promise<PrivacyErasureData> {
    const now = this.clock.now();
    const entry = privacyErasure(id, team, reason, counts, this.hasher.fingerprint(normalised(person)), now);
    await this.uow.run(async () => {
      await this.stores.erasures.insert(entry);
      await this.events.append(team, [this.events.draft('privacy.erasure.completed', 'privacyErasure', entry.id, entry)], now);
    });
    return entry;
  }

  /** Runs `work` for each record in one unit of work; returns how many there were. */
  private async each<T>(records: readonly T[], work: (record: T) => Promise<void>): Promise<number> {
    if (records.length === 0) return 0;
    await this.uow.run(async () => {
      for (const r of records) await work(r);
    });
    return records.length;
  }

  /** Projects whose name or texts hold a full name of the person (a project called after a client). */
  private async redactProjects(team: TeamContext, values: PersonValues, redaction: Redaction, now: Date): Promise<number> {
    const names = [...new Set((values.names ?? []).filter((n): n is string => typeof n === 'string' && /\S\s+\S/.test(n.trim())))];
    const seen = new Set<string>();
    for (const name of names) {
      for (let page = 1; ; page++) {
        const found = await this.repos.projects.list(
          team,
          {},
          { page, limit: PAGE, sort: { field: 'created_at', descending: false }, search: name.trim().slice(0, 200) },
        );
        for (const view of found.items) {
          if (seen.has(view.id) || !redaction.touches([view.name, view.description, view.briefing])) continue;
          const { stage: _stage, squad: _squad, client: _client, ...data } = view;
          await this.repos.projects.update(Project.restore(data).redact(redaction, now));
          seen.add(view.id);
        }
        if (page * PAGE >= found.total) break;
      }
    }
    return seen.size;
  }
}

/** The person's values: the identifiers asked about, and what the records found hold of them. */
function personValues(person: PersonIdentifiers, found: PersonRecords, isPerson: (c: ClientData) => boolean): PersonValues {
  const clients = found.clients.filter(isPerson);
  return {
    names: [
      ...clients.flatMap((c) => [c.name, c.displayName, c.legalName, c.tradeName]),
      ...found.leads.map((l) => l.fullName),
      ...found.identities.map((i) => i.displayName),
      ...found.whatsappContacts.flatMap((c) => [c.pushName, c.customName]),
      ...found.deals.map((d) => d.deal.contactName),
    ],
    emails: [
      person.email,
      ...clients.map((c) => c.email),
      ...found.leads.map((l) => l.email),
      ...found.identities.map((i) => i.primaryEmail),
      ...found.deals.map((d) => d.deal.contactEmail),
    ],
    phones: [
      ...(person.phone?.international.map((d) => `+${d}`) ?? []),
      ...clients.flatMap((c) => [c.phone, c.mobilePhone, c.whatsapp]),
      ...found.leads.map((l) => l.phone),
      ...found.identities.map((i) => i.primaryPhone),
      ...found.whatsappContacts.map((c) => `+${c.phone}`),
      ...found.deals.map((d) => d.deal.contactPhone),
    ],
    documents: [person.cpf, person.cnpj, ...clients.flatMap((c) => [c.cpf, c.cnpj])],
  };
}

/** A deal as it reads after the erasure: its own anonymised record, and the client, lead and contacts it shows as they are now. */
function anonymisedView(view: DealView, deal: DealView['deal'], clients: Map<string, ClientData>, leads: Map<string, LeadView>): DealView {
  const client = view.client && clients.get(view.client.id);
  const lead = view.lead && leads.get(view.lead.id);
  return {
    ...view,
    deal,
    client: client ? { id: client.id, name: client.name } : view.client,
    ...(view.lead !== undefined ? { lead: lead ?? view.lead } : {}),
    ...(view.contacts
      ? {
          contacts: view.contacts.map((c) => {
            const l = leads.get(c.leadId);
            return l ? { ...c, contact: { id: l.id, fullName: ERASED_NAME, email: null, phone: null, customFields: {} } } : c;
          }),
        }
      : {}),
  };
}
