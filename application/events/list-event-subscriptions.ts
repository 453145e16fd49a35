import { EventSubscriptionData, EventSubscriptionSortField } from '../../domain/events/event-subscription';
import { EventSubscriptionRepository } from '../../domain/events/event-subscription-repository';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';

export interface ListEventSubscriptionsCommand {
  query: ListQuery<EventSubscriptionSortField>;
}

export class ListEventSubscriptions {
  constructor(private readonly subscriptions: EventSubscriptionRepository) {}

  execute(team: TeamContext, command: ListEventSubscriptionsCommand): Promise<Page<EventSubscriptionData>> {
    return this.subscriptions.list(team, command.query);
  }
}
