import { ClientRepository } from '../../domain/clients/client-repository';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { ContactData } from '../../domain/whatsapp/contact';
import { ContactFilter, ContactRepository, ContactSortField } from '../../domain/whatsapp/contact-repository';
import { assertClientOfTeam } from './contacts';

/** A `client_id` filter names a client of the team (404 on the field otherwise), as every referenced id does. */
export class ListContacts {
  constructor(
    private readonly contacts: ContactRepository,
    private readonly clients: ClientRepository,
  ) {}

  async execute(team: TeamContext, filter: ContactFilter, query: ListQuery<ContactSortField>): Promise<Page<ContactData>> {
    await assertClientOfTeam(this.clients, team, filter.clientId);
    return this.contacts.list(team, filter, query);
  }
}
