import { ClientData } from '../../domain/clients/client';
import { ClientFilter, ClientRepository, ClientSortField } from '../../domain/clients/client-repository';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';

export class ListClients {
  constructor(private readonly clients: ClientRepository) {}

  /** Without a status filter only active clients are listed; `inactive` lists the deactivated ones. */
  execute(team: TeamContext, filter: Partial<ClientFilter>, query: ListQuery<ClientSortField>): Promise<Page<ClientData>> {
    return this.clients.list(team, { type: filter.type, status: filter.status ?? 'active' }, query);
  }
}
