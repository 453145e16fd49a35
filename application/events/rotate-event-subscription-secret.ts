import { EventSubscription } from '../../domain/events/event-subscription';
import { EventSubscriptionRepository } from '../../domain/events/event-subscription-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { SubscriptionWithSecret } from './create-event-subscription';
import { subscriptionOrNotFound } from './get-event-subscription';
import { SubscriptionSecrets } from './subscription-secrets';

export interface RotateEventSubscriptionSecretCommand {
  id: string;
}

/**
 * POST /event-subscriptions/:id/rotate-secret: a new secret, shown this once; the former one keeps signing
 * beside it for 24 hours (`PREVIOUS_SECRET_TTL_MS`), so that the receiver can switch without losing a delivery.
 */
export class RotateEventSubscriptionSecret {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: EventSubscriptionRepository,
    private readonly secrets: SubscriptionSecrets,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: RotateEventSubscriptionSecretCommand): Promise<SubscriptionWithSecret> {
    const issued = this.secrets.issue();
    return this.uow.run(async () => {
      const subscription = EventSubscription.restore(await subscriptionOrNotFound(this.subscriptions, team, command.id));
      subscription.rotateSecret(issued.sealed, this.clock.now());
      const data = subscription.snapshot();
      if (!(await this.subscriptions.update(data))) throw new NotFound('Event subscription not found');
      return { subscription: data, secret: issued.secret };
    });
  }
}
