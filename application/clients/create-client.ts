import { Client, ClientChanges, ClientData, ClientType } from '../../domain/clients/client';
import { ClientRepository } from '../../domain/clients/client-repository';
import { TeamContext } from '../../domain/shared/team';
import { Team } from '../../domain/teams/team';
import { TeamRepository } from '../../domain/teams/team-repository';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { assertDocumentsFree } from './documents';

/** A new client: its type and name, and any other field it starts with. */
export type CreateClientCommand = ClientChanges & { type: ClientType; name: string };

/** POST /clients; `client.created` goes to the log in the same transaction. */
export class CreateClient {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clients: ClientRepository,
    private readonly teams: TeamRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: CreateClientCommand): Promise<ClientData> {
    const now = this.clock.now();
    const client = Client.create(this.ids.next(), team.teamId, command.type, command, now);
    const data = client.snapshot();
    await this.uow.run(async () => {
      await this.teams.lock(team.teamId);
      const found = await this.teams.findById(team.teamId);
      const plan = found && Team.restore(found);
      if (plan && plan.limitsClients) plan.assertRoomForClient(await this.clients.countActive(team));
      await assertDocumentsFree(this.clients, team, data);
      await this.clients.insert(data);
      await this.events.append(team, [this.events.draft('client.created', 'client', data.id, data)], now);
    });
    this.trigger.kick();
    return data;
  }
}
