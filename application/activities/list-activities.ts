import { ActivityData } from '../../domain/activities/activity';
import {
  ActivityFilter,
  ActivityRepository,
  ActivitySortField,
  activityTypeFilter,
  completedFilter,
} from '../../domain/activities/activity-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { DealRepository } from '../../domain/deals/deal-repository';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { assertLinksExist } from './activity-links';

/** `type` and `completed` as the query gives them: an unlisted value relaxes (filters nothing) rather than fails. */
export interface ListActivitiesCommand extends Omit<ActivityFilter, 'type' | 'completed'> {
  type?: string;
  completed?: string;
  query: ListQuery<ActivitySortField>;
}

export class ListActivities {
  constructor(
    private readonly activities: ActivityRepository,
    private readonly clients: ClientRepository,
    private readonly deals: DealRepository,
  ) {}

  async execute(team: TeamContext, command: ListActivitiesCommand): Promise<Page<ActivityData>> {
    const { type, completed, query, ...filter } = command;
    await assertLinksExist(this.clients, this.deals, team, filter);
    return this.activities.list(
      team,
      { ...filter, type: activityTypeFilter(type), completed: completedFilter(completed) },
      { ...query, search: query.search || undefined },
    );
  }
}
