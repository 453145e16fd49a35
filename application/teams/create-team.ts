import { ValidationFailed } from '../../domain/shared/errors';
import { TeamData } from '../../domain/teams/team';
import { TeamRepository } from '../../domain/teams/team-repository';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { TeamSetupStep } from '../shared/team-setup';
import { UnitOfWork } from '../shared/unit-of-work';
import { CreateApiKey, IssuedApiKey } from './create-api-key';

export interface CreateTeamCommand {
  name: string;
  clientQuota?: number | null;
}

export interface CreatedTeam {
  team: TeamData;
  apiKey: IssuedApiKey;
}

/** A team with its first API key and whatever every context provisions for it, all in one transaction. */
export class CreateTeam {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly teams: TeamRepository,
    private readonly createKey: CreateApiKey,
    private readonly setupSteps: TeamSetupStep[],
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateTeamCommand): Promise<CreatedTeam> {
    const name = command.name?.trim();
    if (!name) throw new ValidationFailed('name is required', 'name');
    const quota = command.clientQuota ?? null;
    if (quota !== null && (!Number.isInteger(quota) || quota < 0)) {
      throw new ValidationFailed('client quota must be a whole number, 0 or more', 'client_quota');
    }
    return this.uow.run(async () => {
      const team: TeamData = { id: this.ids.next(), name, clientQuota: quota, createdAt: this.clock.now().toISOString() };
      await this.teams.insert(team);
      for (const step of this.setupSteps) await step.setUp({ teamId: team.id });
      const apiKey = await this.createKey.execute({ teamId: team.id }, { name: 'default' });
      return { team, apiKey };
    });
  }
}
