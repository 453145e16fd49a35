import { ListEventSubscriptions } from '../../../application/events/list-event-subscriptions';
import { ListEventDeliveries } from '../../../application/events/subscription-deliveries';
import { CliCommand, TEAM_FLAG } from '../cli';

export interface EventCommandUseCases {
  subscriptions: ListEventSubscriptions;
  deliveries: ListEventDeliveries;
}

/** Loaded when a command runs: declaring the commands (for help) loads no HTTP schema. */
const presenters = () =>
  Promise.resolve({
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a command runs, as said above
    ...(require('../../http/events/present-event') as typeof import('../../http/events/present-event')),
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a command runs, as said above
    ...(require('../../http/events/present-event-subscription') as typeof import('../../http/events/present-event-subscription')),
  });

/** The most of a list one command prints (a team has at most EVENT_SUBSCRIPTIONS_PER_TEAM subscriptions). */
const MAX = 100;

export function eventCommands(uc: () => EventCommandUseCases): CliCommand[] {
  return [
    {
      name: 'event-subscription list',
      description: "List a team's event subscriptions, newest first, with their status (disabled ones say why); never their secret.",
      flags: [TEAM_FLAG],
      example: 'workspace-admin event-subscription list --team 019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b',
      columns: ['id', 'status', 'url', 'events', 'disabled_reason', 'created_at'],
      run: async (a) => {
        const page = await uc().subscriptions.execute(a.team(), {
          query: { page: 1, limit: MAX, sort: { field: 'created_at', descending: true } },
        });
        return { data: page.items.map((await presenters()).presentEventSubscription), next_cursor: null };
      },
    },
    {
      name: 'event-subscription deliveries',
      description: "List a subscription's deliveries, newest first, with every attempt; --status failed shows what it gave up on.",
      flags: [
        TEAM_FLAG,
        { name: 'subscription', type: 'uuid', required: true, value: 'ID', description: "The subscription's id." },
        { name: 'status', type: 'string', choices: ['pending', 'succeeded', 'failed'], description: 'Only deliveries in this state.' },
        { name: 'limit', type: 'integer', description: `At most this many, newest first: 1 to ${MAX} (20 when absent).` },
      ],
      example:
        'workspace-admin event-subscription deliveries --team 019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b --subscription 019a2b3c-0000-7f60-8a1b-2c3d4e5f6a7b --status failed',
      columns: ['id', 'status', 'event_type', 'attempt_count', 'last_status_code', 'last_error', 'next_attempt_at', 'created_at'],
      run: async (a) => {
        const limit = Math.min(Math.max(a.integer('limit') ?? 20, 1), MAX);
        const status = a.optional('status') as 'pending' | 'succeeded' | 'failed' | undefined;
        const page = await uc().deliveries.execute(a.team(), {
          subscriptionId: a.uuid('subscription'),
          status,
          query: { page: 1, limit, sort: { field: 'created_at', descending: true } },
        });
        return { data: page.items.map((await presenters()).presentDelivery), next_cursor: null };
      },
    },
  ];
}
