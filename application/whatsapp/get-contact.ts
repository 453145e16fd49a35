import { TeamContext } from '../../domain/shared/team';
import { ContactData } from '../../domain/whatsapp/contact';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';
import { contactOrNotFound } from './contacts';

export class GetContact {
  constructor(private readonly contacts: ContactRepository) {}

  execute(team: TeamContext, id: string): Promise<ContactData> {
    return contactOrNotFound(this.contacts, team, id);
  }
}
