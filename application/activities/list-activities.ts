import { ActivityData } from '../../domain/activities/activity';
import {
  ActivityRepository, ActivitySortField, activitySort, activityTypeFilter, completedFilter,
} from '../../domain/activities/activity-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { DealRepository } from '../../domain/deals/deal-repository';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { assertLinksExist } from './activity-links';

/** The raw query: unlisted `type`, `completed` and `sort` values relax rather than fail. */
export interface ListActivitiesInput {
  page: number;
  limit: number;
  sort?: string;
  search?: string;
  type?: string;
  completed?: string;
  client_id?: string;
  deal_id?: string;
}

export class ListActivities {
  constructor(
    private readonly activities: ActivityRepository,
    private readonly clients: ClientRepository,
    private readonly deals: DealRepository,
  ) {}

  async execute(team: TeamContext, input: ListActivitiesInput): Promise<Page<ActivityData>> {
    await assertLinksExist(this.clients, this.deals, team, { clientId: input.client_id, dealId: input.deal_id });
    const query: ListQuery<ActivitySortField> = {
      page: input.page, limit: input.limit, sort: activitySort(input.sort), search: input.search || undefined,
    };
    return this.activities.list(team, {
      type: activityTypeFilter(input.type),
      completed: completedFilter(input.completed),
      clientId: input.client_id,
      dealId: input.deal_id,
    }, query);
  }
}
