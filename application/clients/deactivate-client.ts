import { Client } from '../../domain/clients/client';
import { ClientRepository } from '../../domain/clients/client-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog, whenChanged } from '../events/event-log';
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

/**
 * DELETE /clients/:id; `client.deactivated` (the client as GET shows it after) goes to the log in the same
 * transaction. Deactivating an inactive client changes nothing and logs nothing.
 */
export class DeactivateClient {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clients: ClientRepository,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, { id }: DeactivateClientCommand): Promise<DeactivatedClient> {
    const now = this.clock.now();
    const { deactivated, changed } = await this.uow.run(async () => {
      await this.clients.lock(team, id);
      const found = await this.clients.findById(team, id);
      if (!found) throw new NotFound('Client not found');
      const client = Client.restore(found);
      client.deactivate(now);
      const data = client.snapshot();
      await this.clients.update(data);
      const raised = await this.events.append(team, whenChanged(this.events.draft('client.deactivated', 'client', id, data, found)), now);
      const changed = raised.length > 0;
      const deactivated: DeactivatedClient = { id: client.id, status: 'inactive', deactivatedAt: client.deactivatedAt as string };
      return { deactivated, changed };
    });
    if (changed) this.trigger.kick();
    return deactivated;
  }
}
