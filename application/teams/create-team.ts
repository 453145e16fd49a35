import { Team, TeamData } from '../../domain/teams/team';
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
    const team = Team.create(this.ids.next(), command.name, command.clientQuota ?? null, this.clock.now()).snapshot();
    return this.uow.run(async () => {
      await this.teams.insert(team);
      for (const step of this.setupSteps) await step.setUp({ teamId: team.id });
      const apiKey = await this.createKey.execute({ teamId: team.id }, { name: 'default' });
      return { team, apiKey };
    });
  }
}
