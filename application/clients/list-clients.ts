import { ClientData, ClientStatus, ClientType } from '../../domain/clients/client';
import { ClientRepository, ClientSortField } from '../../domain/clients/client-repository';
import { ListQuery, Page, UpdatedSince } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';

export interface ListClientsCommand extends UpdatedSince {
  type?: ClientType;
  /** Without it only active clients are listed; `inactive` lists the deactivated ones. */
  status?: ClientStatus;
  query: ListQuery<ClientSortField>;
}

export class ListClients {
  constructor(private readonly clients: ClientRepository) {}

  execute(team: TeamContext, { type, status, updatedSince, query }: ListClientsCommand): Promise<Page<ClientData>> {
    return this.clients.list(team, { type, status: status ?? 'active', updatedSince }, query);
  }
}
