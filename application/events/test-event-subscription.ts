import { EventSubscriptionRepository } from '../../domain/events/event-subscription-repository';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { DeliverEvents } from './deliver-events';
import { subscriptionOrNotFound } from './get-event-subscription';

export interface TestEventSubscriptionCommand {
  id: string;
}

export interface PingResult {
  webhookId: string;
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * POST /event-subscriptions/:id/test: a `ping` event, signed like any delivery and sent now, and what the
 * receiver said. It is not an event of the log and leaves no delivery; no transaction is open while it waits.
 */
export class TestEventSubscription {
  constructor(
    private readonly subscriptions: EventSubscriptionRepository,
    private readonly deliver: DeliverEvents,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: TestEventSubscriptionCommand): Promise<PingResult> {
    const subscription = await subscriptionOrNotFound(this.subscriptions, team, command.id);
    const id = this.ids.next();
    const result = await this.deliver.send(subscription, {
      id,
      type: 'ping',
      createdAt: this.clock.now().toISOString(),
      data: { object: { subscription_id: subscription.id } },
    });
    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    return {
      webhookId: id,
      succeeded,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: succeeded ? null : (result.error ?? `The receiver answered ${result.statusCode}`),
    };
  }
}
