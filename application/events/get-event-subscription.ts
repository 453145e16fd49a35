import { EventSubscriptionData } from '../../domain/events/event-subscription';
import { EventSubscriptionRepository } from '../../domain/events/event-subscription-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';

export interface GetEventSubscriptionCommand {
  id: string;
}

/** The subscription of the team, or 404 (another team's too). */
export async function subscriptionOrNotFound(
  subscriptions: EventSubscriptionRepository,
  team: TeamContext,
  id: string,
): Promise<EventSubscriptionData> {
  const found = await subscriptions.findById(team, id);
  if (!found) throw new NotFound('Event subscription not found');
  return found;
}

export class GetEventSubscription {
  constructor(private readonly subscriptions: EventSubscriptionRepository) {}

  execute(team: TeamContext, command: GetEventSubscriptionCommand): Promise<EventSubscriptionData> {
    return subscriptionOrNotFound(this.subscriptions, team, command.id);
  }
}
