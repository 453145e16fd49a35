import { Client, ClientChanges, ClientData } from '../../domain/clients/client';
import { ClientRepository } from '../../domain/clients/client-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { assertDocumentsFree } from './documents';

export interface UpdateClientCommand {
  id: string;
  /** Only the keys present are applied; address subfields one by one. */
  changes: ClientChanges;
}

export class UpdateClient {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clients: ClientRepository,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, { id, changes }: UpdateClientCommand): Promise<ClientData> {
    return this.uow.run(async () => {
      await this.clients.lock(team, id);
      const found = await this.clients.findById(team, id);
      if (!found) throw new NotFound('Client not found');
      const client = Client.restore(found);
      client.update(changes, this.clock.now());
      const data = client.snapshot();
      await assertDocumentsFree(this.clients, team, data);
      await this.clients.update(data);
      return data;
    });
  }
}
