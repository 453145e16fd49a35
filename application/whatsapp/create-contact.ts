import { ClientRepository } from '../../domain/clients/client-repository';
import { Duplicate } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Contact, ContactChanges, ContactData } from '../../domain/whatsapp/contact';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { PhoneNumber } from '../../domain/shared/phone-number';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { assertClientOfTeam } from './contacts';

/** The phone as people type it; the contact's fields as `UpdateContact` takes them. */
export type CreateContactCommand = ContactChanges & { phone: string };

export interface CreateContactResult {
  contact: ContactData;
  /** True when the person already had a contact (the same number or its Brazilian variant). */
  reused: boolean;
}

/** POST /whatsapp/contacts: a new contact writes `whatsapp.contact.created`; an existing one is answered as it is. */
export class CreateContact {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly contacts: ContactRepository,
    private readonly clients: ClientRepository,
    private readonly events: EventLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: CreateContactCommand): Promise<CreateContactResult> {
    const { phone: typed, ...changes } = command;
    const phone = PhoneNumber.parse(typed);
    const now = this.clock.now();
    const contact = Contact.create(this.ids.next(), team.teamId, phone, changes, now).snapshot();
    await assertClientOfTeam(this.clients, team, contact.clientId);
    try {
      const result = await this.uow.run(async () => {
        const existing = await this.contacts.findByPhoneKey(team, contact.phoneKey);
        if (existing) return { contact: existing, reused: true };
        await this.contacts.insert(contact);
        await this.events.append(team, [this.events.draft('whatsapp.contact.created', 'whatsappContact', contact.id, contact)], now);
        return { contact, reused: false };
      });
      if (!result.reused) this.trigger.kick();
      return result;
    } catch (err) {
      // Someone saved the same person between our look-up and our insert: theirs is the contact.
      if (!(err instanceof Duplicate)) throw err;
      const winner = await this.contacts.findByPhoneKey(team, contact.phoneKey);
      if (!winner) throw err;
      return { contact: winner, reused: true };
    }
  }
}
