import { Activity, ActivityData, NewActivity } from '../../domain/activities/activity';
import { ActivityRepository } from '../../domain/activities/activity-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { DealRepository } from '../../domain/deals/deal-repository';
import { TeamContext } from '../../domain/shared/team';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { assertLinksExist } from './activity-links';

/** A new activity: its title, and any other field it starts with (`createdBy` is set here only). */
export type CreateActivityCommand = NewActivity;

/**
 * Used by POST /activities and by the deal workflows' `create_activity` action (inside the dispatcher's unit of
 * work, which its event joins). `activity.created` goes to the log in the same transaction.
 */
export class CreateActivity {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly activities: ActivityRepository,
    private readonly clients: ClientRepository,
    private readonly deals: DealRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: CreateActivityCommand): Promise<ActivityData> {
    const now = this.clock.now();
    const data = Activity.create(this.ids.next(), team.teamId, command, now).snapshot();
    await this.uow.run(async () => {
      await assertLinksExist(this.clients, this.deals, team, data);
      await this.activities.insert(data);
      await this.events.append(team, [this.events.draft('activity.created', 'activity', data.id, data)], now);
    });
    this.trigger.kick();
    return data;
  }
}
