import { CreateWebhookEndpoint } from '../../../application/webhooks/create-webhook-endpoint';
import { ListInboundDeliveries } from '../../../application/webhooks/list-inbound-deliveries';
import { ListWebhookEndpointsAsOperator } from '../../../application/webhooks/list-webhook-endpoints-as-operator';
import { ReplayInboundDelivery } from '../../../application/webhooks/replay-inbound-delivery';
import { ResolveWebhookEndpointId } from '../../../application/webhooks/resolve-webhook-endpoint-id';
import { SetWebhookVerifyToken } from '../../../application/webhooks/set-webhook-verify-token';
import { UpdateWebhookEndpointAsOperator } from '../../../application/webhooks/update-webhook-endpoint-as-operator';
import { ValidationFailed } from '../../../domain/shared/errors';
import { isUuid } from '../../../domain/shared/values';
import { isEndpointId } from '../../../domain/webhooks/endpoint-id';
import { WebhookEndpointUpdate } from '../../../application/webhooks/update-webhook-endpoint';
import { INBOUND_ACTION_TYPES, INBOUND_AUTH_MODES, InboundAuthMode, isInboundActionType } from '../../../domain/webhooks/endpoint-kinds';
import type { WebhookEndpointData } from '../../../domain/webhooks/webhook-endpoint';
import { CliArgs, CliCommand, CliFlag, TEAM_FLAG } from '../cli';
import { PAGE_FLAGS, listOutput, pageArgs } from '../pages';

export interface WebhookCommandUseCases {
  create: CreateWebhookEndpoint;
  list: ListWebhookEndpointsAsOperator;
  deliveries: ListInboundDeliveries;
  replay: ReplayInboundDelivery;
  update: UpdateWebhookEndpointAsOperator;
  verifyToken: SetWebhookVerifyToken;
  resolveEndpoint: ResolveWebhookEndpointId;
  /** Where the API is reached from outside (PUBLIC_BASE_URL, or the listening address), without a trailing slash. */
  publicBaseUrl: string;
}

/** The URL a source posts its payloads to. */
export const inboundUrl = (publicBaseUrl: string, endpointId: string): string =>
  `${publicBaseUrl}/api/v1/webhooks/inbound/${encodeURIComponent(endpointId)}`;

/** Loaded when a command runs: declaring the commands (for help) loads no HTTP schema. */
const presenters = () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a command runs, as said above
  Promise.resolve(require('../../http/webhooks/present-webhook') as typeof import('../../http/webhooks/present-webhook'));

/** A listed endpoint: never the hash of its secret or of its verify token. */
const presentListedEndpoint = (e: WebhookEndpointData, publicBaseUrl: string) => ({
  id: e.id,
  endpoint_id: e.endpointId,
  name: e.name,
  is_active: e.isActive,
  action_type: e.actionType,
  created_at: e.createdAt,
  inbound_url: inboundUrl(publicBaseUrl, e.endpointId),
});

/** Names an endpoint by either of its ids: the administration id, or the public endpoint_id of its inbound URL. */
const ENDPOINT: CliFlag = {
  name: 'endpoint',
  type: 'string',
  required: true,
  value: 'ID',
  format: { test: (text) => isUuid(text) || isEndpointId(text), takes: "an endpoint's id (a UUID) or its endpoint_id (wh_…)" },
  description: 'The endpoint: its id or its endpoint_id (both printed by webhook create and webhook list).',
};

/** The administration id of the endpoint `--endpoint` names. */
const endpointOf = (uc: WebhookCommandUseCases, a: CliArgs): Promise<string> => uc.resolveEndpoint.execute(a.required('endpoint'));
const AUTH_FLAGS = [
  {
    name: 'auth',
    type: 'string',
    choices: INBOUND_AUTH_MODES,
    description:
      'How the source authenticates: secret (X-Webhook-Secret, the default), meta_signature, typeform_signature, ' +
      'standard_webhooks, url_token (?token= in the URL, which lands in access logs of proxies), or none (anyone may post).',
  },
  {
    name: 'signing-secret',
    type: 'string',
    value: 'SECRET',
    description: "A signature mode's secret when the source has it (required for meta_signature: the Meta app secret); kept sealed.",
  },
] as const;

const authModeOf = (a: CliArgs): InboundAuthMode | undefined => {
  const mode = a.optional('auth');
  if (mode === undefined) return undefined;
  if (!(INBOUND_AUTH_MODES as readonly string[]).includes(mode)) {
    throw new ValidationFailed(`--auth must be one of ${INBOUND_AUTH_MODES.join(', ')}`, 'auth');
  }
  return mode as InboundAuthMode;
};

const EXAMPLE_TEAM = '019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b';
const EXAMPLE_ENDPOINT = '019a2b3e-1111-7000-8000-00000000b001';

export function webhookCommands(uc: () => WebhookCommandUseCases): CliCommand[] {
  return [
    {
      name: 'webhook create',
      description:
        'Create an inbound webhook endpoint that turns payloads into leads or deals; prints the URL to post to, and its secret (only here).',
      flags: [
        TEAM_FLAG,
        { name: 'name', type: 'string', required: true, value: 'NAME', description: "The endpoint's name." },
        { name: 'action', type: 'string', required: true, choices: INBOUND_ACTION_TYPES, description: 'What a payload becomes.' },
        { name: 'project', type: 'uuid', required: true, value: 'ID', description: 'The project the leads and deals go to.' },
        {
          name: 'pipeline',
          type: 'uuid',
          value: 'ID',
          description: "create_deal: the pipeline (the project's default one when absent).",
        },
        {
          name: 'column',
          type: 'string',
          value: 'SLUG',
          description: 'create_deal: an open column deals start in (the first open one when absent).',
        },
        { name: 'mapping', type: 'json', description: 'Field mapping: {"full_name": "lead.nome", …}.' },
        {
          name: 'idempotency-path',
          type: 'string',
          value: 'PATH',
          description: "Where the sender's id of a payload is; a second payload with it is a redelivery.",
        },
        { name: 'no-secret', type: 'boolean', description: 'The same as --auth none: anyone may post.' },
        ...AUTH_FLAGS,
      ],
      example: `workspace-admin webhook create --team ${EXAMPLE_TEAM} --name "Landing page" --action create_lead --project 019a2b3c-9999-7000-8000-00000000c001`,
      run: async (a) => {
        const action = a.required('action');
        if (!isInboundActionType(action))
          throw new ValidationFailed(`--action must be one of ${INBOUND_ACTION_TYPES.join(', ')}`, 'action');
        const auth = authModeOf(a);
        if (a.flag('no-secret') && auth !== undefined && auth !== 'none') {
          throw new ValidationFailed('Give --no-secret or --auth, not both', 'auth');
        }
        const created = await uc().create.execute(a.team(), {
          name: a.required('name'),
          actionType: action,
          projectId: a.uuid('project'),
          pipelineId: a.optionalUuid('pipeline'),
          columnSlug: a.optional('column'),
          fieldMapping: a.json('mapping'),
          idempotencyPath: a.optional('idempotency-path'),
          authMode: a.flag('no-secret') ? 'none' : auth,
          signingSecret: a.optional('signing-secret'),
          fields: { project: 'project', pipeline: 'pipeline', column: 'column', signingSecret: 'signing-secret', authMode: 'auth' },
        });
        return {
          id: created.endpoint.id,
          endpoint_id: created.endpoint.endpointId,
          inbound_url: inboundUrl(uc().publicBaseUrl, created.endpoint.endpointId),
          secret: created.secret,
        };
      },
    },
    {
      name: 'webhook list',
      description: "List a team's webhook endpoints, inactive ones included, newest first (never a secret or its hash).",
      flags: [TEAM_FLAG, ...PAGE_FLAGS],
      example: `workspace-admin webhook list --team ${EXAMPLE_TEAM}`,
      columns: ['id', 'endpoint_id', 'name', 'is_active', 'action_type', 'created_at'],
      run: async (a) => listOutput(await uc().list.execute(a.team(), pageArgs(a)), (e) => presentListedEndpoint(e, uc().publicBaseUrl)),
    },
    {
      name: 'webhook update',
      description:
        'Rename an endpoint, change its field mapping, set or clear its idempotency path, or change how its source ' +
        'authenticates (a new credential is printed once as secret).',
      flags: [
        ENDPOINT,
        { name: 'name', type: 'string', value: 'NAME', description: 'The new name.' },
        { name: 'mapping', type: 'json', description: 'The new field mapping.' },
        { name: 'idempotency-path', type: 'string', value: 'PATH', description: 'The new idempotency path.' },
        { name: 'no-idempotency-path', type: 'boolean', description: 'Clear the idempotency path: only headers mark redeliveries.' },
        ...AUTH_FLAGS,
      ],
      example: `workspace-admin webhook update --endpoint ${EXAMPLE_ENDPOINT} --idempotency-path event_id`,
      run: async (a) => {
        if (a.given('idempotency-path') && a.flag('no-idempotency-path')) {
          throw new ValidationFailed('Give --idempotency-path or --no-idempotency-path, not both', 'idempotency-path');
        }
        const changes: WebhookEndpointUpdate = {
          name: a.optional('name'),
          fieldMapping: a.json('mapping'),
          idempotencyPath: a.flag('no-idempotency-path') ? null : a.optional('idempotency-path'),
          authMode: authModeOf(a),
          signingSecret: a.optional('signing-secret'),
        };
        const updated = await uc().update.execute({
          id: await endpointOf(uc(), a),
          changes,
          fields: { authMode: 'auth', signingSecret: 'signing-secret' },
        });
        const { secret_token, ...endpoint } = (await presenters()).presentUpdatedWebhookEndpoint(updated);
        return secret_token === undefined ? endpoint : { ...endpoint, secret: secret_token };
      },
    },
    {
      name: 'webhook verify-token',
      description: 'Set the token Meta sends as hub.verify_token in its subscription handshake (kept hashed), or clear it.',
      flags: [
        ENDPOINT,
        { name: 'token', type: 'string', value: 'TOKEN', description: 'The token (give this or --clear).' },
        { name: 'clear', type: 'boolean', description: 'Remove the token: the handshake is no longer answered.' },
      ],
      example: `workspace-admin webhook verify-token --endpoint ${EXAMPLE_ENDPOINT} --token "$VERIFY_TOKEN"`,
      run: async (a) => {
        const clear = a.flag('clear');
        if (clear === a.given('token')) throw new ValidationFailed('Give --token T, or --clear', 'token');
        const webhookId = await endpointOf(uc(), a);
        const endpoint = await uc().verifyToken.execute({ webhookId, token: clear ? null : a.required('token') });
        return { id: endpoint.id, endpoint_id: endpoint.endpointId, has_verify_token: endpoint.verifyTokenHash !== null };
      },
    },
    {
      name: 'webhook deliveries',
      description: 'List what an endpoint received, newest first, each with its raw body, content type, outcome, warnings and entity ids.',
      flags: [ENDPOINT, ...PAGE_FLAGS],
      example: `workspace-admin webhook deliveries --endpoint ${EXAMPLE_ENDPOINT} --limit 20`,
      columns: ['id', 'received_at', 'status', 'attempts', 'entity_type', 'entity_id', 'error'],
      run: async (a) =>
        listOutput(
          await uc().deliveries.execute({ webhookId: await endpointOf(uc(), a), ...pageArgs(a) }),
          (await presenters()).presentInboundDelivery,
        ),
    },
    {
      name: 'webhook replay',
      description: 'Process a failed delivery again, as received; prints it with its new outcome (exit status 1 when it fails again).',
      flags: [
        { name: 'id', type: 'uuid', required: true, value: 'DELIVERY_ID', description: "The delivery's id (from webhook deliveries)." },
      ],
      example: 'workspace-admin webhook replay --id 019a2b3f-2222-7000-8000-00000000d001',
      run: async (a) => (await presenters()).presentInboundDelivery(await uc().replay.execute({ id: a.uuid('id') })),
      failed: (result) => (result as { status?: string }).status === 'failed',
    },
  ];
}
