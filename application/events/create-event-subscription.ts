import { EventSubscription, EventSubscriptionData } from '../../domain/events/event-subscription';
import { EventSubscriptionRepository } from '../../domain/events/event-subscription-repository';
import { PlanLimitReached } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { EventTargetGuard } from './event-target-guard';
import { SubscriptionSecrets } from './subscription-secrets';

export interface CreateEventSubscriptionCommand {
  url: string;
  /** Types and patterns, checked by the entity. */
  events: unknown;
  description?: string | null;
  isActive?: boolean;
}

/** A subscription with its signing secret in clear: the one answer that shows it (rotation aside). */
export interface SubscriptionWithSecret {
  subscription: EventSubscriptionData;
  secret: string;
}

/** How many subscriptions a team may have (`EVENT_SUBSCRIPTIONS_PER_TEAM`). */
export interface EventSubscriptionLimits {
  perTeam: number;
}

/** POST /event-subscriptions: the URL judged where it leads, a new secret, and the team's quota kept. */
export class CreateEventSubscription {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: EventSubscriptionRepository,
    private readonly guard: EventTargetGuard,
    private readonly secrets: SubscriptionSecrets,
    private readonly limits: EventSubscriptionLimits,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: CreateEventSubscriptionCommand): Promise<SubscriptionWithSecret> {
    // Resolving the host takes a while: done before the transaction, which holds SQLite's write lock.
    await this.guard.check(command.url);
    const issued = this.secrets.issue();
    return this.uow.run(async () => {
      // Counted in the transaction of the insert; two creations racing past the last free place can both pass,
      // which a quota of this kind tolerates.
      if ((await this.subscriptions.countForTeam(team)) >= this.limits.perTeam) {
        throw new PlanLimitReached(`A team may have at most ${this.limits.perTeam} event subscriptions: delete one to add another`);
      }
      const subscription = EventSubscription.create(this.ids.next(), team.teamId, command, issued.sealed, this.clock.now());
      const data = subscription.snapshot();
      await this.subscriptions.insert(data);
      return { subscription: data, secret: issued.secret };
    });
  }
}
