import { ListQuery, Page, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { EventSubscriptionData, EventSubscriptionSortField } from './event-subscription';

/** The filters of the subscription list. */
export type EventSubscriptionFilter = UpdatedSince;

/** A subscription's signing secrets as stored: sealed with SECRETS_KEY (`previousSecretSealed` while a rotation of its secret lasts). */
export interface SubscriptionSecretsSealed {
  secretSealed: string;
  previousSecretSealed: string | null;
}

/** Where a subscription's sealed secrets are, across teams: what resealing them under a new SECRETS_KEY reads. */
export interface SealedSubscriptionSecrets extends SubscriptionSecretsSealed {
  teamId: string;
  id: string;
}

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
  /** The sealed secrets of every subscription, whatever its team or state, by team then id. */
  listSealedSecrets(): Promise<SealedSubscriptionSecrets[]>;
  /**
   * Stores `next` as the subscription's sealed secrets, only while the stored ones are still `expected` (a
   * rotation of its secret in between wins); whether it did. Its `updated_at` stays: the secrets are the same,
   * sealed anew.
   */
  replaceSealedSecrets(
    team: TeamContext,
    id: string,
    expected: SubscriptionSecretsSealed,
    next: SubscriptionSecretsSealed,
  ): Promise<boolean>;
}
