import { ActivityData } from '../../domain/activities/activity';
import { ActivityRepository, ActivitySortField, activityTypeFilter, completedFilter } from '../../domain/activities/activity-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { DealRepository } from '../../domain/deals/deal-repository';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { assertLinksExist } from './activity-links';

/** `type` and `completed` as the query gives them: an unlisted value relaxes (filters nothing) rather than fails. */
export interface ListActivitiesCommand {
  type?: string;
  completed?: string;
  clientId?: string;
  dealId?: string;
  query: ListQuery<ActivitySortField>;
}

export class ListActivities {
  constructor(
    private readonly activities: ActivityRepository,
    private readonly clients: ClientRepository,
    private readonly deals: DealRepository,
  ) {}

  async execute(team: TeamContext, command: ListActivitiesCommand): Promise<Page<ActivityData>> {
    const { clientId, dealId, query } = command;
    await assertLinksExist(this.clients, this.deals, team, { clientId, dealId });
    return this.activities.list(
      team,
      {
        type: activityTypeFilter(command.type),
        completed: completedFilter(command.completed),
        clientId,
        dealId,
      },
      { ...query, search: query.search || undefined },
    );
  }
}
