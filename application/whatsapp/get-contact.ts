import { TeamContext } from '../../domain/shared/team';
import { ContactData } from '../../domain/whatsapp/contact';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { contactOrNotFound } from './contacts';

export interface GetContactCommand {
  id: string;
}

export class GetContact {
  constructor(private readonly contacts: ContactRepository) {}

  execute(team: TeamContext, command: GetContactCommand): Promise<ContactData> {
    return contactOrNotFound(this.contacts, team, command.id);
  }
}
