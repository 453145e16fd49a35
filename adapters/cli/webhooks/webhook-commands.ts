import { CreateWebhookEndpoint } from '../../../application/webhooks/create-webhook-endpoint';
import { ListInboundDeliveries } from '../../../application/webhooks/list-inbound-deliveries';
import { ReplayInboundDelivery } from '../../../application/webhooks/replay-inbound-delivery';
import { SetWebhookVerifyToken } from '../../../application/webhooks/set-webhook-verify-token';
import { UpdateWebhookEndpointAsOperator } from '../../../application/webhooks/update-webhook-endpoint-as-operator';
import { ValidationFailed } from '../../../domain/shared/errors';
import { isUuid } from '../../../domain/shared/values';
import { INBOUND_ACTION_TYPES, WebhookEndpointChanges, isInboundActionType } from '../../../domain/webhooks/webhook-endpoint';
import { presentInboundDelivery, presentWebhookEndpoint } from '../../http/webhooks/present-webhook';
import { CliArgs, CliCommand } from '../cli';

export interface WebhookCommandUseCases {
  create: CreateWebhookEndpoint;
  deliveries: ListInboundDeliveries;
  replay: ReplayInboundDelivery;
  update: UpdateWebhookEndpointAsOperator;
  verifyToken: SetWebhookVerifyToken;
}

function uuidOption(a: CliArgs, name: string, required: true): string;
function uuidOption(a: CliArgs, name: string, required: boolean): string | undefined;
function uuidOption(a: CliArgs, name: string, required: boolean): string | undefined {
  const v = required ? a.required(name) : a.optional(name);
  if (v !== undefined && !isUuid(v)) throw new ValidationFailed(`--${name} must be a UUID`, name);
  return v;
}

export function webhookCommands(uc: WebhookCommandUseCases): CliCommand[] {
  return [
    {
      name: 'webhook create',
      usage: `webhook create --team ID --name N --action ${INBOUND_ACTION_TYPES.join('|')} --project ID [--pipeline ID] [--column SLUG] [--mapping JSON] [--idempotency-path PATH] [--no-secret]`,
      run: async (a) => {
        const action = a.required('action');
        if (!isInboundActionType(action)) throw new ValidationFailed(`--action must be one of ${INBOUND_ACTION_TYPES.join(', ')}`, 'action');
        const created = await uc.create.execute({ teamId: uuidOption(a, 'team', true) }, {
          name: a.required('name'), actionType: action, projectId: uuidOption(a, 'project', true),
          pipelineId: uuidOption(a, 'pipeline', false), columnSlug: a.optional('column'), fieldMapping: a.json('mapping'),
          idempotencyPath: a.optional('idempotency-path'), withSecret: !a.flag('no-secret'), fields: { project: 'project', pipeline: 'pipeline', column: 'column' },
        });
        return { id: created.endpoint.id, endpoint_id: created.endpoint.endpointId, secret: created.secret };
      },
    },
    {
      name: 'webhook update',
      usage: 'webhook update --endpoint ID [--name N] [--mapping JSON] [--idempotency-path PATH | --no-idempotency-path]',
      run: async (a) => {
        if (a.flag('idempotency-path') && a.flag('no-idempotency-path')) {
          throw new ValidationFailed('Give --idempotency-path or --no-idempotency-path, not both', 'idempotency-path');
        }
        const changes: WebhookEndpointChanges = {
          name: a.optional('name'),
          fieldMapping: a.json('mapping'),
          idempotencyPath: a.flag('no-idempotency-path') ? null : a.optional('idempotency-path'),
        };
        return presentWebhookEndpoint(await uc.update.execute({ id: uuidOption(a, 'endpoint', true), changes }));
      },
    },
    {
      name: 'webhook verify-token',
      usage: 'webhook verify-token --endpoint ID (--token T | --clear)',
      run: async (a) => {
        const clear = a.flag('clear');
        if (clear === a.flag('token')) throw new ValidationFailed('Give --token T, or --clear', 'token');
        const endpoint = await uc.verifyToken.execute({ webhookId: uuidOption(a, 'endpoint', true), token: clear ? null : a.required('token') });
        return { id: endpoint.id, endpoint_id: endpoint.endpointId, has_verify_token: endpoint.verifyTokenHash !== null };
      },
    },
    {
      name: 'webhook deliveries',
      usage: 'webhook deliveries --endpoint ID [--limit N] [--cursor C]',
      run: async (a) => {
        const page = await uc.deliveries.execute({ webhookId: uuidOption(a, 'endpoint', true), limit: a.integer('limit'), cursor: a.optional('cursor') });
        return { data: page.items.map(presentInboundDelivery), next_cursor: page.nextCursor };
      },
    },
    {
      name: 'webhook replay',
      usage: 'webhook replay --id DELIVERY_ID',
      run: async (a) => presentInboundDelivery(await uc.replay.execute({ id: uuidOption(a, 'id', true) })),
    },
  ];
}
