import { ClientData } from '../../domain/clients/client';
import { ClientRepository } from '../../domain/clients/client-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';

export interface GetClientCommand {
  id: string;
}

export class GetClient {
  constructor(private readonly clients: ClientRepository) {}

  async execute(team: TeamContext, { id }: GetClientCommand): Promise<ClientData> {
    const client = await this.clients.findById(team, id);
    if (!client) throw new NotFound('Client not found');
    return client;
  }
}
