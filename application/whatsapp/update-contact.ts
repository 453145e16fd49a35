import { ClientRepository } from '../../domain/clients/client-repository';
import { TeamContext } from '../../domain/shared/team';
import { Contact, ContactChanges, ContactData } from '../../domain/whatsapp/contact';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { assertClientOfTeam, contactOrNotFound } from './contacts';

export interface UpdateContactCommand {
  id: string;
  changes: ContactChanges;
}

export class UpdateContact {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly contacts: ContactRepository,
    private readonly clients: ClientRepository,
    private readonly clock: Clock,
  ) {}

  /** Only the custom name, notes, tags and client change; phone and jid are fixed. */
  async execute(team: TeamContext, command: UpdateContactCommand): Promise<ContactData> {
    return this.uow.run(async () => {
      await this.contacts.lock(team, command.id);
      const contact = Contact.restore(await contactOrNotFound(this.contacts, team, command.id));
      const { customName, notes, tags, clientId } = command.changes;
      contact.update({ customName, notes, tags, clientId }, this.clock.now());
      await assertClientOfTeam(this.clients, team, clientId);
      const data = contact.snapshot();
      await this.contacts.update(data);
      return data;
    });
  }
}
