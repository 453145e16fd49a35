import { Activity, ActivityCompletion } from '../../domain/activities/activity';
import { ActivityRepository } from '../../domain/activities/activity-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface CompleteActivityCommand {
  id: string;
}

/** DELETE /activities/:id: the record stays, marked completed. */
export class CompleteActivity {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly activities: ActivityRepository,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, { id }: CompleteActivityCommand): Promise<ActivityCompletion> {
    return this.uow.run(async () => {
      await this.activities.lock(team, id);
      const found = await this.activities.findById(team, id);
      if (!found) throw new NotFound('Activity not found');
      const activity = Activity.restore(found);
      const completion = activity.complete(this.clock.now());
      await this.activities.update(activity.snapshot());
      return completion;
    });
  }
}
