import { EventSubscription, EventSubscriptionChanges, EventSubscriptionData } from '../../domain/events/event-subscription';
import { EventSubscriptionRepository } from '../../domain/events/event-subscription-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { EventTargetGuard } from './event-target-guard';
import { subscriptionOrNotFound } from './get-event-subscription';

export interface UpdateEventSubscriptionCommand {
  id: string;
  changes: EventSubscriptionChanges;
}

/** PUT /event-subscriptions/:id: url (judged again when it changes), events, description, is_active. */
export class UpdateEventSubscription {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: EventSubscriptionRepository,
    private readonly guard: EventTargetGuard,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: UpdateEventSubscriptionCommand): Promise<EventSubscriptionData> {
    const { url } = command.changes;
    if (url !== undefined) {
      // Judged outside the transaction (it resolves the host), and only when it changes: a URL left as it was
      // stays registered even if its host now resolves elsewhere, which every delivery judges anyway.
      const current = await subscriptionOrNotFound(this.subscriptions, team, command.id);
      if (url.trim() !== current.url) await this.guard.check(url.trim());
    }
    return this.uow.run(async () => {
      const subscription = EventSubscription.restore(await subscriptionOrNotFound(this.subscriptions, team, command.id));
      subscription.update(command.changes, this.clock.now());
      const data = subscription.snapshot();
      if (!(await this.subscriptions.update(data))) throw new NotFound('Event subscription not found');
      return data;
    });
  }
}
