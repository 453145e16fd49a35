import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { ContactData } from '../../domain/whatsapp/contact';
import { ContactFilter, ContactRepository, ContactSortField } from '../../domain/whatsapp/contact-repository';

export class ListContacts {
  constructor(private readonly contacts: ContactRepository) {}

  execute(team: TeamContext, filter: ContactFilter, query: ListQuery<ContactSortField>): Promise<Page<ContactData>> {
    return this.contacts.list(team, filter, query);
  }
}
