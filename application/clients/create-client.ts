import { Client, ClientChanges, ClientData, ClientType } from '../../domain/clients/client';
import { ClientRepository } from '../../domain/clients/client-repository';
import { PlanLimitReached, ValidationFailed } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { TeamRepository } from '../../domain/teams/team-repository';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { assertDocumentsFree } from './documents';

/** A new client: its type and name, and any other field it starts with. */
export type CreateClientCommand = ClientChanges & { type: ClientType; name: string };

export class CreateClient {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clients: ClientRepository,
    private readonly teams: TeamRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: CreateClientCommand): Promise<ClientData> {
    // Callers other than the HTTP edge (demo seed, tools) have no body schema: the type is checked here too.
    if (command.type !== 'PF' && command.type !== 'PJ') throw new ValidationFailed('type must be PF or PJ', 'type');
    const client = Client.create(this.ids.next(), team.teamId, command.type, command, this.clock.now());
    const data = client.snapshot();
    return this.uow.run(async () => {
      await this.teams.lock(team.teamId);
      const quota = (await this.teams.findById(team.teamId))?.clientQuota ?? null;
      if (quota !== null && (await this.clients.countActive(team)) >= quota) {
        throw new PlanLimitReached(`The plan allows ${quota} active clients`);
      }
      await assertDocumentsFree(this.clients, team, data);
      await this.clients.insert(data);
      return data;
    });
  }
}
