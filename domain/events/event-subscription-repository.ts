import { ListQuery, Page, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { EventSubscriptionData, EventSubscriptionSortField } from './event-subscription';

/** The filters of the subscription list. */
export type EventSubscriptionFilter = UpdatedSince;

/** A team's event subscriptions. Every read takes the team: another team's id is not found. */
export interface EventSubscriptionRepository {
  insert(subscription: EventSubscriptionData): Promise<void>;
  /** Writes every field but `id`, `teamId` and `createdAt`; false when it does not exist (any more). */
  update(subscription: EventSubscriptionData): Promise<boolean>;
  /** False when it does not exist in the team. Its deliveries stay, as the record of what was sent. */
  delete(team: TeamContext, id: string): Promise<boolean>;
  findById(team: TeamContext, id: string): Promise<EventSubscriptionData | null>;
  /** Ordered as every list is (domain/shared/list.ts; id breaks ties). */
  list(
    team: TeamContext,
    filter: EventSubscriptionFilter,
    query: ListQuery<EventSubscriptionSortField>,
  ): Promise<Page<EventSubscriptionData>>;
  /** The team's active subscriptions (is_active and not disabled), in creation order: the dispatcher's fan-out. */
  listActive(team: TeamContext): Promise<EventSubscriptionData[]>;
  countForTeam(team: TeamContext): Promise<number>;
  /** How many subscriptions the service has disabled, across teams: the operator's view (metrics). */
  countDisabled(): Promise<number>;
}
