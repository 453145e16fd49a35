import { EventSubscriptionData, EventSubscriptionSortField } from '../../domain/events/event-subscription';
import { EventSubscriptionFilter, EventSubscriptionRepository } from '../../domain/events/event-subscription-repository';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';

export interface ListEventSubscriptionsCommand extends EventSubscriptionFilter {
  query: ListQuery<EventSubscriptionSortField>;
}

export class ListEventSubscriptions {
  constructor(private readonly subscriptions: EventSubscriptionRepository) {}

  execute(team: TeamContext, command: ListEventSubscriptionsCommand): Promise<Page<EventSubscriptionData>> {
    const { query, ...filter } = command;
    return this.subscriptions.list(team, filter, query);
  }
}
