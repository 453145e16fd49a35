import { ListEvents } from '../../../application/events/list-events';
import { ListEventDeliveries, RecoverEventDeliveries, RetryEventDelivery } from '../../../application/events/subscription-deliveries';
import { TestEventSubscription } from '../../../application/events/test-event-subscription';
import { EVENT_TYPES, EventType, isEventType } from '../../../domain/events/event';
import { ValidationFailed } from '../../../domain/shared/errors';
import { requireTimestamp } from '../../../domain/shared/values';
import { RouteModule } from '../app';
import { B, Type } from '../shared/body';
import { R, exactObject } from '../shared/documented';
import { one } from '../shared/envelope';
import { operation } from '../shared/operation';
import { Ctx, pathId, teamOf } from '../shared/params';
import { Q, queryParameters, queryReader, updatedSince } from '../shared/query';
import { getPage } from '../shared/resource';
import { eventWebhooks } from './event-webhooks';
import { deliverySchema, eventSchema, pingSchema, presentDelivery, presentEvent, presentPing } from './present-event';

export interface EventDeliveryUseCases {
  events: ListEvents;
  deliveries: ListEventDeliveries;
  retry: RetryEventDelivery;
  recover: RecoverEventDeliveries;
  test: TestEventSubscription;
}

const SUBSCRIPTIONS_TAG = 'Event subscriptions';
const EVENTS_TAG = 'Events';

/** `type`: one type or several, comma-separated; each must be known. */
const typesOf = (raw: string | undefined): EventType[] | undefined => {
  if (raw === undefined) return undefined;
  const types = raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = types.find((t) => !isEventType(t));
  if (unknown !== undefined)
    throw new ValidationFailed(`type ${JSON.stringify(unknown)} is not an event type; known: ${EVENT_TYPES.join(', ')}`, 'type');
  return types as EventType[];
};

/** GET /events' parameters, declared as every list's filters are (`shared/query.ts`). */
const EVENTS_QUERY = Type.Object({
  // Read as sent: each type is checked here, and a wrong one named with the known ones.
  type: Q.asSent({ type: 'string' }, 'Only these types: one, or several separated by commas.'),
  created_after: Q.timestamp('Only events written after this moment.'),
  starting_after: Q.uuid('The id of the last event of the previous page.'),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Events a page: 1 to 100, 20 when absent.' })),
});
const readEventsQuery = queryReader(EVENTS_QUERY);

export function eventDeliveryRoutes(uc: EventDeliveryUseCases): RouteModule {
  return {
    webhooks: eventWebhooks(),
    operations: [
      operation({
        id: 'listEvents',
        method: 'get',
        path: '/events',
        tag: EVENTS_TAG,
        access: 'key',
        summary: "The team's events, newest first (to catch up without webhooks)",
        description:
          'Every event the subscriptions receive, kept for `EVENT_RETENTION_DAYS` (30 by default). A page is `limit` events ' +
          'after the cursor `starting_after` (the last id of the previous page); `has_more` says whether another page follows.',
        parameters: queryParameters(EVENTS_QUERY),
        success: { status: 200, description: 'A page of events.', data: R.anyObject },
        errors: [400, 404],
        rawResponses: {
          200: {
            description: 'A page of events, newest first.',
            content: {
              'application/json': {
                schema: exactObject({
                  success: { type: 'boolean', enum: [true] },
                  data: { type: 'array', items: eventSchema(EVENT_TYPES) },
                  has_more: R.boolean,
                }),
              },
            },
          },
        },
        async handle(ctx: Ctx) {
          const q = readEventsQuery(ctx);
          const page = await uc.events.execute(teamOf(ctx), {
            types: typesOf(q.type),
            createdAfter: q.createdAfter,
            startingAfter: q.startingAfter,
            limit: q.limit ?? 20,
          });
          ctx.body = { success: true, data: page.data.map(presentEvent), has_more: page.hasMore };
        },
      }),
      getPage({
        id: 'listEventDeliveries',
        path: '/event-subscriptions/:id/deliveries',
        tag: SUBSCRIPTIONS_TAG,
        access: 'key',
        summary: "A subscription's deliveries, newest first, each with its attempts",
        list: { sortable: ['created_at'] as const },
        scope: (ctx: Ctx) => ({ subscriptionId: pathId(ctx) }),
        query: Type.Object({
          status: Q.oneOf(
            ['pending', 'succeeded', 'failed'] as const,
            'Only deliveries in this state (`pending`: waiting for an attempt, or under way).',
          ),
          ...updatedSince('deliveries'),
        }),
        success: { description: 'A page of deliveries.', data: deliverySchema, name: 'EventDelivery' },
        errors: [400, 404],
        useCase: uc.deliveries,
        present: presentDelivery,
      }),
      operation({
        id: 'retryEventDelivery',
        method: 'post',
        path: '/event-subscriptions/:id/deliveries/:deliveryId/retry',
        tag: SUBSCRIPTIONS_TAG,
        access: 'key',
        summary: 'Send a delivery again now (same `webhook-id`)',
        description: 'The delivery is queued again at once and sent in the background; read its attempts to see what the receiver said.',
        success: { status: 200, description: 'The delivery, queued again.', data: deliverySchema },
        errors: [404],
        async handle(ctx: Ctx) {
          const view = await uc.retry.execute(teamOf(ctx), { subscriptionId: pathId(ctx), deliveryId: pathId(ctx, 'deliveryId') });
          ctx.body = one(presentDelivery(view));
        },
      }),
      operation({
        id: 'recoverEventDeliveries',
        method: 'post',
        path: '/event-subscriptions/:id/recover',
        tag: SUBSCRIPTIONS_TAG,
        access: 'key',
        summary: 'Queue again every failed delivery since a moment',
        body: {
          schema: Type.Object({ since: B.dateTime() }, { additionalProperties: false }),
          example: { since: '2026-11-28T00:00:00Z' },
        },
        success: { status: 200, description: 'How many deliveries were queued again.', data: exactObject({ requeued: R.integer }) },
        errors: [400, 404],
        async handle(ctx: Ctx, body) {
          const result = await uc.recover.execute(teamOf(ctx), {
            subscriptionId: pathId(ctx),
            since: requireTimestamp(body.since, 'since'),
          });
          ctx.body = one(result);
        },
      }),
      operation({
        id: 'testEventSubscription',
        method: 'post',
        path: '/event-subscriptions/:id/test',
        tag: SUBSCRIPTIONS_TAG,
        access: 'key',
        summary: 'Send a signed `ping` event now, and answer what the receiver said',
        description: 'The ping is signed like every delivery; it is not an event of the log and leaves no delivery behind.',
        success: { status: 200, description: "The receiver's answer.", data: pingSchema },
        errors: [404],
        async handle(ctx: Ctx) {
          ctx.body = one(presentPing(await uc.test.execute(teamOf(ctx), { id: pathId(ctx) })));
        },
      }),
    ],
  };
}
