import { ContainerModule } from 'inversify';
import { EventUrlGuard } from '../../adapters/events/event-url-guard';
import { StandardWebhooksSigning } from '../../adapters/events/standard-webhooks-signing';
import { RouteModule } from '../../adapters/http/app';
import { EventSubscriptionUseCases, eventSubscriptionRoutes } from '../../adapters/http/events/event-subscription-routes';
import { HttpEventObjects } from '../../adapters/http/events/http-event-objects';
import { CreateEventSubscription, EventSubscriptionLimits } from '../../application/events/create-event-subscription';
import { DeleteEventSubscription } from '../../application/events/delete-event-subscription';
import { EventLog } from '../../application/events/event-log';
import { EventObjects } from '../../application/events/event-objects';
import { EventSigning } from '../../application/events/event-signing';
import { EventTargetGuard } from '../../application/events/event-target-guard';
import { GetEventSubscription } from '../../application/events/get-event-subscription';
import { ListEventSubscriptions } from '../../application/events/list-event-subscriptions';
import { RotateEventSubscriptionSecret } from '../../application/events/rotate-event-subscription-secret';
import { SubscriptionSecrets } from '../../application/events/subscription-secrets';
import { UpdateEventSubscription } from '../../application/events/update-event-subscription';
import { wiring } from '../binding';
import { Config } from '../config';
import { selfOrigins } from '../self-origins';
import { TOKENS } from '../tokens';

export const EVENT_TOKENS = {
  /** The event log, which is the dispatcher's outbox too. */
  EventOutbox: Symbol.for('EventOutbox'),
  EventObjects: Symbol.for('EventObjects'),
  EventSubscriptionRepository: Symbol.for('EventSubscriptionRepository'),
  EventSigning: Symbol.for('EventSigning'),
  /** Where events may be sent: the `EventTargetGuard` port, bound to the `EventUrlGuard` (which deliveries `prepare` with). */
  EventTargetGuard: Symbol.for('EventTargetGuard'),
  EventSubscriptionLimits: Symbol.for('EventSubscriptionLimits'),
} as const;

/** The event log every write appends to; its readers (workflows, subscriptions, GET /events) build on it. */
export const eventsContext = new ContainerModule(({ bind }) => {
  const { singleton, services } = wiring(bind);
  const T = EVENT_TOKENS;
  const { UnitOfWork: uow, IdGenerator: ids, Clock: clock } = TOKENS;
  const subscriptions = T.EventSubscriptionRepository;
  bind<EventObjects>(T.EventObjects).toConstantValue(new HttpEventObjects());
  singleton(EventLog, [T.EventOutbox, TOKENS.IdGenerator, T.EventObjects]);

  bind<EventSigning>(T.EventSigning).toConstantValue(new StandardWebhooksSigning());
  bind(EventUrlGuard)
    .toResolvedValue(
      (config: Config) => new EventUrlGuard({ allowPrivateNetworks: config.events.allowPrivateNetworks, selfOrigins: selfOrigins(config) }),
      [TOKENS.Config],
    )
    .inSingletonScope();
  bind<EventTargetGuard>(T.EventTargetGuard).toResolvedValue((guard: EventUrlGuard) => guard, [EventUrlGuard]);
  bind<EventSubscriptionLimits>(T.EventSubscriptionLimits).toResolvedValue(
    (config: Config): EventSubscriptionLimits => ({ perTeam: config.events.subscriptionsPerTeam }),
    [TOKENS.Config],
  );
  singleton(SubscriptionSecrets, [T.EventSigning, TOKENS.CredentialCipher]);
  singleton(ListEventSubscriptions, [subscriptions]);
  singleton(GetEventSubscription, [subscriptions]);
  singleton(CreateEventSubscription, [uow, subscriptions, T.EventTargetGuard, SubscriptionSecrets, T.EventSubscriptionLimits, ids, clock]);
  singleton(UpdateEventSubscription, [uow, subscriptions, T.EventTargetGuard, clock]);
  singleton(DeleteEventSubscription, [uow, subscriptions]);
  singleton(RotateEventSubscriptionSecret, [uow, subscriptions, SubscriptionSecrets, clock]);

  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(
    (useCases: EventSubscriptionUseCases) => eventSubscriptionRoutes(useCases),
    [
      services({
        list: ListEventSubscriptions,
        create: CreateEventSubscription,
        get: GetEventSubscription,
        update: UpdateEventSubscription,
        delete: DeleteEventSubscription,
        rotateSecret: RotateEventSubscriptionSecret,
      }),
    ],
  );
});
