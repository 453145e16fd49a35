import { EventSubscriptionRepository } from '../../domain/events/event-subscription-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { UnitOfWork } from '../shared/unit-of-work';

export interface DeleteEventSubscriptionCommand {
  id: string;
}

export interface DeletedEventSubscription {
  id: string;
  deleted: true;
}

/** Permanent: nothing more is sent to it. Its deliveries are kept, as the record of what was sent. */
export class DeleteEventSubscription {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: EventSubscriptionRepository,
  ) {}

  async execute(team: TeamContext, command: DeleteEventSubscriptionCommand): Promise<DeletedEventSubscription> {
    const { id } = command;
    const deleted = await this.uow.run(() => this.subscriptions.delete(team, id));
    if (!deleted) throw new NotFound('Event subscription not found');
    return { id, deleted: true };
  }
}
