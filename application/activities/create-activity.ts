import { Activity, ActivityData, NewActivity } from '../../domain/activities/activity';
import { ActivityRepository } from '../../domain/activities/activity-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { DealRepository } from '../../domain/deals/deal-repository';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { assertLinksExist } from './activity-links';

/** A new activity: its title, and any other field it starts with (`createdBy` is set here only). */
export type CreateActivityCommand = NewActivity;

/** Used by POST /activities and by the deal workflows' `create_activity` action. */
export class CreateActivity {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly activities: ActivityRepository,
    private readonly clients: ClientRepository,
    private readonly deals: DealRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: CreateActivityCommand): Promise<ActivityData> {
    const data = Activity.create(this.ids.next(), team.teamId, command, this.clock.now()).snapshot();
    return this.uow.run(async () => {
      await assertLinksExist(this.clients, this.deals, team, data);
      await this.activities.insert(data);
      return data;
    });
  }
}
