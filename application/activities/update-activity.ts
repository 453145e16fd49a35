import { Activity, ActivityChanges, ActivityData } from '../../domain/activities/activity';
import { ActivityRepository } from '../../domain/activities/activity-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { DealRepository } from '../../domain/deals/deal-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { assertLinksExist } from './activity-links';

export interface UpdateActivityCommand {
  id: string;
  /** Only the keys present are applied; at least one is required. */
  changes: ActivityChanges;
}

/** PUT /activities/:id; `activity.updated`, with the previous values of what changed, goes to the log in the same transaction. */
export class UpdateActivity {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly activities: ActivityRepository,
    private readonly clients: ClientRepository,
    private readonly deals: DealRepository,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, { id, changes }: UpdateActivityCommand): Promise<ActivityData> {
    const now = this.clock.now();
    const updated = await this.uow.run(async () => {
      await this.activities.lock(team, id);
      const found = await this.activities.findById(team, id);
      if (!found) throw new NotFound('Activity not found');
      const activity = Activity.restore(found);
      activity.update(changes, now);
      // Only links that this request sets are checked: an old link stays as it was.
      await assertLinksExist(this.clients, this.deals, team, { clientId: changes.clientId, dealId: changes.dealId });
      const data = activity.snapshot();
      await this.activities.update(data);
      await this.events.append(team, [this.events.draft('activity.updated', 'activity', id, data, found)], now);
      return data;
    });
    this.trigger.kick();
    return updated;
  }
}
