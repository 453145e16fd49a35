import { Activity, ActivityCompletion } from '../../domain/activities/activity';
import { ActivityRepository } from '../../domain/activities/activity-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog, whenChanged } from '../events/event-log';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface CompleteActivityCommand {
  id: string;
}

/**
 * DELETE /activities/:id: the record stays, marked completed. Logged as `activity.updated` in the same transaction;
 * completing a completed activity changes nothing and logs nothing.
 */
export class CompleteActivity {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly activities: ActivityRepository,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, { id }: CompleteActivityCommand): Promise<ActivityCompletion> {
    const now = this.clock.now();
    const { completion, changed } = await this.uow.run(async () => {
      await this.activities.lock(team, id);
      const found = await this.activities.findById(team, id);
      if (!found) throw new NotFound('Activity not found');
      const activity = Activity.restore(found);
      const completion = activity.complete(now);
      const data = activity.snapshot();
      await this.activities.update(data);
      const raised = await this.events.append(team, whenChanged(this.events.draft('activity.updated', 'activity', id, data, found)), now);
      const changed = raised.length > 0;
      return { completion, changed };
    });
    if (changed) this.trigger.kick();
    return completion;
  }
}
