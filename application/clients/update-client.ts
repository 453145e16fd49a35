import { Client, ClientChanges, ClientData } from '../../domain/clients/client';
import { ClientRepository } from '../../domain/clients/client-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { assertDocumentsFree } from './documents';

export interface UpdateClientCommand {
  id: string;
  /** Only the keys present are applied; address subfields one by one. */
  changes: ClientChanges;
}

/** PUT /clients/:id; `client.updated`, with the previous values of what changed, goes to the log in the same transaction. */
export class UpdateClient {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clients: ClientRepository,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, { id, changes }: UpdateClientCommand): Promise<ClientData> {
    const now = this.clock.now();
    const updated = await this.uow.run(async () => {
      await this.clients.lock(team, id);
      const found = await this.clients.findById(team, id);
      if (!found) throw new NotFound('Client not found');
      const client = Client.restore(found);
      client.update(changes, now);
      const data = client.snapshot();
      await assertDocumentsFree(this.clients, team, data);
      await this.clients.update(data);
      await this.events.append(team, [this.events.draft('client.updated', 'client', id, data, found)], now);
      return data;
    });
    this.trigger.kick();
    return updated;
  }
}
