import { Client } from '../../domain/clients/client';
import { ClientRepository } from '../../domain/clients/client-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface DeactivateClientCommand {
  id: string;
}

export interface DeactivatedClient {
  id: string;
  status: 'inactive';
  deactivatedAt: string;
}

export class DeactivateClient {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clients: ClientRepository,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, { id }: DeactivateClientCommand): Promise<DeactivatedClient> {
    return this.uow.run(async () => {
      await this.clients.lock(team, id);
      const found = await this.clients.findById(team, id);
      if (!found) throw new NotFound('Client not found');
      const client = Client.restore(found);
      client.deactivate(this.clock.now());
      await this.clients.update(client.snapshot());
      return { id: client.id, status: 'inactive', deactivatedAt: client.deactivatedAt as string };
    });
  }
}
