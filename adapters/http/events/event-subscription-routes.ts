import { CreateEventSubscription } from '../../../application/events/create-event-subscription';
import { DeleteEventSubscription } from '../../../application/events/delete-event-subscription';
import { GetEventSubscription } from '../../../application/events/get-event-subscription';
import { ListEventSubscriptions } from '../../../application/events/list-event-subscriptions';
import { RotateEventSubscriptionSecret } from '../../../application/events/rotate-event-subscription-secret';
import { UpdateEventSubscription } from '../../../application/events/update-event-subscription';
import { EVENT_SUBSCRIPTION_SORT_FIELDS } from '../../../domain/events/event-subscription';
import { RouteModule } from '../app';
import { Type, changesOf } from '../shared/body';
import { one } from '../shared/envelope';
import { operation } from '../shared/operation';
import { Ctx, pathId, teamOf } from '../shared/params';
import { updatedSince } from '../shared/query';
import { createOne, resource } from '../shared/resource';
import {
  UPDATABLE_EVENT_SUBSCRIPTION_FIELDS,
  createEventSubscriptionSchema,
  updateEventSubscriptionSchema,
} from './event-subscription-schemas';
import {
  deletedEventSubscriptionSchema,
  eventSubscriptionSchema,
  presentDeletedEventSubscription,
  presentEventSubscription,
  presentSubscriptionWithSecret,
  subscriptionWithSecretSchema,
} from './present-event-subscription';

export interface EventSubscriptionUseCases {
  list: ListEventSubscriptions;
  create: CreateEventSubscription;
  get: GetEventSubscription;
  update: UpdateEventSubscription;
  delete: DeleteEventSubscription;
  rotateSecret: RotateEventSubscriptionSecret;
}

const TAG = 'Event subscriptions';
const PATH = '/event-subscriptions';

const URL_RULES =
  'The `url` must be https (http too where the operator allows private networks), hold no user name or password, and lead ' +
  'only to public addresses: a host that resolves to loopback or a private network (unless the operator allows them), ' +
  'link-local or cloud metadata, or this API is 400 naming `url`.';

const withSecret = { name: 'EventSubscriptionWithSecret', data: subscriptionWithSecretSchema };

const subscriptions = resource({
  path: PATH,
  tag: TAG,
  present: presentEventSubscription,
  schema: eventSubscriptionSchema,
  name: 'EventSubscription',
});

export function eventSubscriptionRoutes(uc: EventSubscriptionUseCases): RouteModule {
  return {
    operations: [
      subscriptions.list({
        id: 'listEventSubscriptions',
        summary: "List the team's event subscriptions (never their secrets)",
        list: { sortable: EVENT_SUBSCRIPTION_SORT_FIELDS },
        query: Type.Object({ ...updatedSince('subscriptions') }),
        success: 'A page of subscriptions.',
        errors: [400],
        useCase: uc.list,
      }),
      createOne({
        id: 'createEventSubscription',
        path: PATH,
        tag: TAG,
        access: 'key',
        summary: "Subscribe a URL to the team's events",
        description:
          'Events of the types listed in `events` are POSTed to `url`, signed as Standard Webhooks say (`webhook-id`, ' +
          '`webhook-timestamp`, `webhook-signature`) with the `secret` of the answer, shown this once. An unknown type or ' +
          `pattern is 400 naming it, with the known ones. ${URL_RULES} A team has a limited number of subscriptions ` +
          '(403 `PLAN_LIMIT_REACHED` past it); a server without `SECRETS_KEY` cannot keep a secret (422).',
        body: {
          schema: createEventSubscriptionSchema,
          example: { url: 'https://example.com/hooks/workspace', events: ['deal.*', 'client.created'], description: 'CRM sync' },
        },
        success: { ...withSecret, description: 'The subscription, with its signing secret (shown this once).' },
        errors: [400, 403, 422],
        command: (b) => ({ url: b.url, events: b.events, description: b.description, isActive: b.is_active }),
        useCase: uc.create,
        present: presentSubscriptionWithSecret,
      }),
      subscriptions.get({
        id: 'getEventSubscription',
        summary: 'Read one subscription (never its secret)',
        success: 'The subscription.',
        errors: [404],
        useCase: uc.get,
      }),
      subscriptions.update({
        id: 'updateEventSubscription',
        summary: 'Change the URL, the events, the description, or turn it off or on',
        description:
          `At least one of the updatable fields is required; other fields sent are ignored. A new \`url\` is judged again. ${URL_RULES} ` +
          '`is_active: true` also enables again a subscription the service disabled. The secret changes only by rotation.',
        body: { schema: updateEventSubscriptionSchema, example: { events: ['deal.won', 'deal.lost'] } },
        success: 'The subscription after the change.',
        errors: [400, 404],
        changes: (body) => changesOf(body, UPDATABLE_EVENT_SUBSCRIPTION_FIELDS),
        useCase: uc.update,
      }),
      subscriptions.delete({
        id: 'deleteEventSubscription',
        summary: 'Delete a subscription for good',
        success: {
          description: 'The subscription was deleted: nothing more is sent to it.',
          data: deletedEventSubscriptionSchema,
          name: 'DeletedEventSubscription',
        },
        errors: [404],
        useCase: uc.delete,
        present: presentDeletedEventSubscription,
      }),
      operation({
        id: 'rotateEventSubscriptionSecret',
        method: 'post',
        path: `${PATH}/:id/rotate-secret`,
        tag: TAG,
        access: 'key',
        summary: 'Give a subscription a new signing secret',
        description:
          'The answer carries the new `secret`, shown this once. For 24 hours every delivery is signed with both the new ' +
          'and the former secret (two entries in `webhook-signature`), so the receiver can switch without losing one. A ' +
          'server without `SECRETS_KEY` cannot keep a secret (422).',
        success: { status: 200, ...withSecret, description: 'The subscription, with its new signing secret (shown this once).' },
        errors: [404, 422],
        async handle(ctx: Ctx) {
          ctx.body = one(presentSubscriptionWithSecret(await uc.rotateSecret.execute(teamOf(ctx), { id: pathId(ctx) })));
        },
      }),
    ],
  };
}
