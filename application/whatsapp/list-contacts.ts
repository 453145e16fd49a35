import { ClientRepository } from '../../domain/clients/client-repository';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { ContactData } from '../../domain/whatsapp/contact';
import { ContactFilter, ContactRepository, ContactSortField } from '../../domain/whatsapp/contact-repository';
import { assertClientOfTeam } from './contacts';

export interface ListContactsCommand extends ContactFilter {
  query: ListQuery<ContactSortField>;
}

/** A `client_id` filter names a client of the team (404 on the field otherwise), as every referenced id does. */
export class ListContacts {
  constructor(
    private readonly contacts: ContactRepository,
    private readonly clients: ClientRepository,
  ) {}

  async execute(team: TeamContext, command: ListContactsCommand): Promise<Page<ContactData>> {
    const { query, ...filter } = command;
    await assertClientOfTeam(this.clients, team, filter.clientId);
    return this.contacts.list(team, filter, query);
  }
}
