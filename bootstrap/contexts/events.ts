import { ContainerModule } from 'inversify';
import { EventUrlGuard } from '../../adapters/events/event-url-guard';
import { StandardWebhooksSigning } from '../../adapters/events/standard-webhooks-signing';
import { RouteModule } from '../../adapters/http/app';
import type { EventSubscriptionUseCases } from '../../adapters/http/events/event-subscription-routes';
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
import { CliCommand } from '../../adapters/cli/cli';
import { eventCommands } from '../../adapters/cli/events/event-commands';
import { EventLoopGauge } from '../../adapters/system/event-loop-gauge';
import { LoadGauge } from '../../application/shared/load-gauge';
import { HttpEventSender } from '../../adapters/events/http-event-sender';
import { DeliverEvents, DeliverySettings } from '../../application/events/deliver-events';
import { EventDeliveryScheduler } from '../../application/events/event-delivery-scheduler';
import { FanOutEvents } from '../../application/events/fan-out-events';
import { ListEvents } from '../../application/events/list-events';
import { PurgeEvents } from '../../application/events/purge-events';
import { MinimiseRawPayloads } from '../../application/privacy/minimise-raw-payloads';
import { ReadDeliveryBacklog } from '../../application/events/read-delivery-backlog';
import { ListEventDeliveries, RecoverEventDeliveries, RetryEventDelivery } from '../../application/events/subscription-deliveries';
import { TestEventSubscription } from '../../application/events/test-event-subscription';
import { BackgroundWork } from '../../application/shared/background-work';
import { Logger } from '../../application/shared/logger';
import { onFirstCall, wiring } from '../binding';
import { Config } from '../config';
import { selfOrigins } from '../self-origins';
import { TOKENS } from '../tokens';
import { EVENT_TOKENS } from './tokens';

const DELIVERY_SETTINGS = Symbol('EventDeliverySettings');
/** Deliveries a server process claims and sends at once. */
export const DELIVERY_CONCURRENCY = 32;
const RETENTION_DAYS = Symbol('EventRetentionDays');
const KEPT_DAYS = Symbol('EventLogKeptDays');
const POLL_MS = Symbol('EventDeliveryPollMs');
const LOAD_GAUGE = Symbol('EventDeliveryLoadGauge');

export { EVENT_TOKENS };

// Loaded when the HTTP app asks for the routes, never by a command of the CLI (`onFirstCall`).
/* eslint-disable @typescript-eslint/no-require-imports */
const eventSubscriptionRoutes = onFirstCall(
  () =>
    (
      require('../../adapters/http/events/event-subscription-routes') as typeof import('../../adapters/http/events/event-subscription-routes')
    ).eventSubscriptionRoutes,
);
const eventDeliveryRoutes = onFirstCall(
  () =>
    (require('../../adapters/http/events/event-delivery-routes') as typeof import('../../adapters/http/events/event-delivery-routes'))
      .eventDeliveryRoutes,
);
const httpEventObjects = () =>
  (require('../../adapters/http/events/http-event-objects') as typeof import('../../adapters/http/events/http-event-objects'))
    .HttpEventObjects;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The event log every write appends to; its readers (workflows, subscriptions, GET /events) build on it. */
export const eventsContext = new ContainerModule(({ bind }) => {
  const { singleton, services, later } = wiring(bind);
  const T = EVENT_TOKENS;
  const { UnitOfWork: uow, IdGenerator: ids, Clock: clock } = TOKENS;
  const subscriptions = T.EventSubscriptionRepository;
  // The HTTP presenters, loaded when the event log is first built: a command that writes no event never loads them.
  bind<EventObjects>(T.EventObjects)
    .toResolvedValue(() => new (httpEventObjects())())
    .inSingletonScope();
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

  // Deliveries: the dispatcher fans each event out to the subscriptions that want it, and the deliverer, run
  // in the background of every server process, sends them (never inside a request).
  const deliveries = T.EventDeliveryRepository;
  singleton(FanOutEvents, [subscriptions, deliveries, ids, clock]);
  bind(HttpEventSender)
    .toResolvedValue((guard: EventUrlGuard) => new HttpEventSender(guard), [EventUrlGuard])
    .inSingletonScope();
  bind<DeliverySettings>(DELIVERY_SETTINGS)
    .toResolvedValue(
      (config: Config): DeliverySettings => ({
        timeoutMs: config.events.deliveryTimeoutMs,
        retryScheduleMs: config.events.retryScheduleMs,
        disableAfterMs: config.events.disableAfterMs,
        // Longer than an attempt may take, so that no attempt under way is taken over.
        leaseMs: Math.max(config.outbox.leaseMs, config.events.deliveryTimeoutMs + 5000),
        concurrency: DELIVERY_CONCURRENCY,
      }),
      [TOKENS.Config],
    )
    .inSingletonScope();
  singleton(DeliverEvents, [
    uow,
    deliveries,
    subscriptions,
    T.EventOutbox,
    HttpEventSender,
    T.EventSigning,
    TOKENS.CredentialCipher,
    ids,
    clock,
    TOKENS.Logger,
    DELIVERY_SETTINGS,
    TOKENS.Metrics,
  ]);
  bind<number>(RETENTION_DAYS)
    .toResolvedValue((config: Config) => config.events.retentionDays, [TOKENS.Config])
    .inSingletonScope();
  bind<number>(T.AuditRetentionDays)
    .toResolvedValue((config: Config) => config.events.auditRetentionDays, [TOKENS.Config])
    .inSingletonScope();
  // The log is read as the audit trail too: an event goes once neither reader keeps it.
  bind<number>(KEPT_DAYS)
    .toResolvedValue((events: number, audit: number) => Math.max(events, audit), [RETENTION_DAYS, T.AuditRetentionDays])
    .inSingletonScope();
  singleton(PurgeEvents, [T.EventOutbox, clock, KEPT_DAYS]);
  bind<number>(POLL_MS)
    .toResolvedValue((config: Config) => config.outbox.pollMs, [TOKENS.Config])
    .inSingletonScope();
  bind<LoadGauge>(LOAD_GAUGE).toConstantValue(new EventLoopGauge());
  // MinimiseRawPayloads is bound by the webhooks context, which sees the repositories it drops from.
  singleton(EventDeliveryScheduler, [
    later(DeliverEvents),
    later(PurgeEvents),
    later(MinimiseRawPayloads),
    later<Logger>(TOKENS.Logger),
    POLL_MS,
    LOAD_GAUGE,
  ]);
  bind<BackgroundWork>(TOKENS.BackgroundWork).toService(EventDeliveryScheduler);
  bind(T.Subscribers)
    .toResolvedValue(
      (fanOut: FanOutEvents, deliverer: EventDeliveryScheduler) => ({ fanOut, deliverer }),
      [FanOutEvents, EventDeliveryScheduler],
    )
    .inSingletonScope();
  singleton(ListEvents, [T.EventOutbox, clock, RETENTION_DAYS]);
  singleton(ReadDeliveryBacklog, [deliveries, subscriptions, clock]);
  singleton(ListEventDeliveries, [subscriptions, deliveries]);
  singleton(RetryEventDelivery, [uow, subscriptions, deliveries, clock, EventDeliveryScheduler]);
  singleton(RecoverEventDeliveries, [uow, subscriptions, deliveries, clock, EventDeliveryScheduler]);
  singleton(TestEventSubscription, [subscriptions, DeliverEvents, ids, clock]);
  bind<CliCommand[]>(TOKENS.CliCommands).toResolvedValue(eventCommands, [
    later(services({ subscriptions: ListEventSubscriptions, deliveries: ListEventDeliveries })),
  ]);
  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(eventDeliveryRoutes, [
    services({
      events: ListEvents,
      deliveries: ListEventDeliveries,
      retry: RetryEventDelivery,
      recover: RecoverEventDeliveries,
      test: TestEventSubscription,
    }),
  ]);

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
