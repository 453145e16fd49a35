import { ActivityData } from '../../domain/activities/activity';
import { ActivityRepository } from '../../domain/activities/activity-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';

export interface GetActivityCommand {
  id: string;
}

export class GetActivity {
  constructor(private readonly activities: ActivityRepository) {}

  async execute(team: TeamContext, { id }: GetActivityCommand): Promise<ActivityData> {
    const found = await this.activities.findById(team, id);
    if (!found) throw new NotFound('Activity not found');
    return found;
  }
}
