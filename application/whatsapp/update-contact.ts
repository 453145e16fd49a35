import { ClientRepository } from '../../domain/clients/client-repository';
import { TeamContext } from '../../domain/shared/team';
import { Contact, ContactChanges, ContactData } from '../../domain/whatsapp/contact';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { assertClientOfTeam, contactOrNotFound } from './contacts';

export class UpdateContact {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly contacts: ContactRepository,
    private readonly clients: ClientRepository,
    private readonly clock: Clock,
  ) {}

  /** Only custom_name, notes, tags and client_id change; phone and jid are fixed. */
  async execute(team: TeamContext, id: string, changes: ContactChanges): Promise<ContactData> {
    return this.uow.run(async () => {
      const contact = Contact.restore(await contactOrNotFound(this.contacts, team, id));
      const { custom_name, notes, tags, client_id } = changes;
      contact.update({ custom_name, notes, tags, client_id }, this.clock.now());
      await assertClientOfTeam(this.clients, team, client_id);
      const data = contact.snapshot();
      await this.contacts.update(data);
      return data;
    });
  }
}
