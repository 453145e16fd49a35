import { Squad, SquadData } from '../../domain/projects/squad';
import { SquadRepository } from '../../domain/projects/squad-repository';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';

export interface CreateSquadCommand {
  name: string;
}

/** Squads have no API of their own: they are made for the demo team and by tests. */
export class CreateSquad {
  constructor(
    private readonly squads: SquadRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: CreateSquadCommand): Promise<SquadData> {
    const squad = Squad.create(this.ids.next(), team.teamId, command.name, this.clock.now()).snapshot();
    await this.squads.insert(squad);
    return squad;
  }
}
