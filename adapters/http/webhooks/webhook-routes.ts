import { CreateWebhookEndpoint, CreateWebhookEndpointCommand } from '../../../application/webhooks/create-webhook-endpoint';
import { DeleteWebhookEndpoint } from '../../../application/webhooks/delete-webhook-endpoint';
import { GetInboundEndpointStatus, HubHandshake } from '../../../application/webhooks/get-inbound-endpoint-status';
import { GetWebhookEndpoint } from '../../../application/webhooks/get-webhook-endpoint';
import { ListWebhookEndpoints } from '../../../application/webhooks/list-webhook-endpoints';
import { ReceiveInboundWebhook } from '../../../application/webhooks/receive-inbound-webhook';
import { UpdateWebhookEndpoint } from '../../../application/webhooks/update-webhook-endpoint';
import { BodyReading } from '../../../application/webhooks/inbound-body';
import { ValidationFailed } from '../../../domain/shared/errors';
import { WEBHOOK_SORT_FIELDS } from '../../../domain/webhooks/webhook-endpoint-repository';
import { RouteModule } from '../app';
import { exactObject, queryParam, R } from '../shared/documented';
import { Type, changesOf } from '../shared/body';
import { UnsupportedMediaType } from '../shared/http-errors';
import { operation, ParameterDoc, Schema } from '../shared/operation';
import { Ctx } from '../shared/params';
import { Q, updatedSince } from '../shared/query';
import { createOne, resource, updateOne } from '../shared/resource';
import { CreateWebhookBody, UPDATABLE_WEBHOOK_FIELDS, createWebhookSchema, updateWebhookSchema } from './webhook-schemas';
import { firstIllFormed } from '../middleware/well-formed-input';
import { RawInboundBody, readRawInboundBody } from './inbound-body';
import {
  createdWebhookEndpointSchema,
  deletedWebhookEndpointSchema,
  inboundResultSchema,
  presentCreatedWebhookEndpoint,
  presentDeletedWebhookEndpoint,
  presentInboundEndpointStatus,
  presentInboundResult,
  presentUpdatedWebhookEndpoint,
  presentWebhookEndpoint,
  updatedWebhookEndpointSchema,
  webhookEndpointSchema,
} from './present-webhook';
import { DEMO_IDS } from '../shared/demo-ids';

export interface WebhookUseCases {
  list: ListWebhookEndpoints;
  get: GetWebhookEndpoint;
  create: CreateWebhookEndpoint;
  update: UpdateWebhookEndpoint;
  delete: DeleteWebhookEndpoint;
  inboundStatus: GetInboundEndpointStatus;
  receive: ReceiveInboundWebhook;
}

/** POST /webhooks: a shared secret unless `auth_mode` says otherwise; the target column is named by its slug. */
const createCommandOf = (b: CreateWebhookBody): CreateWebhookEndpointCommand => ({
  name: b.name,
  slug: b.slug,
  isActive: b.is_active,
  actionType: b.action_type,
  projectId: b.project_id,
  pipelineId: b.target_pipeline_id,
  columnSlug: b.target_column_id,
  fieldMapping: b.field_mapping,
  idempotencyPath: b.idempotency_path,
  authMode: b.auth_mode,
  signingSecret: b.signing_secret,
});

const SECRET_HEADERS = ['x-webhook-secret', 'x-service-webhook-secret'];

/** The shared secret of an inbound request: `X-Webhook-Secret`, else its legacy alias. */
const secretOf = (ctx: Ctx): string | null => {
  for (const name of SECRET_HEADERS) {
    const v = ctx.get(name);
    if (v) return v;
  }
  return null;
};

/**
 * The `token` of a `url_token` endpoint's URL. Our access log never writes a query string; proxies and
 * other servers in front of the API may (docs/inbound-authentication.md).
 */
const tokenOf = (ctx: Ctx): string | null => {
  const v = ctx.query.token;
  return typeof v === 'string' ? v : null;
};

/** The receiver's body limit when the app gives no reader of its own (1 MB, as the app). */
const INBOUND_BODY_LIMIT = 1024 * 1024;

/** The sender's id of a message: `webhook-id` (Standard Webhooks), else `Idempotency-Key`. */
const idempotencyHeaderOf = (ctx: Ctx): string | null => ctx.get('webhook-id') || ctx.get('idempotency-key') || null;

const HUB_PARAMS = { mode: 'hub.mode', verifyToken: 'hub.verify_token', challenge: 'hub.challenge' } as const;

/** Meta's handshake parameters, when the query has any of them. */
const hubOf = (ctx: Ctx): HubHandshake | null => {
  const read = (name: string): string | null => {
    const v = ctx.query[name];
    if (Array.isArray(v)) throw new ValidationFailed(`${name} must be given once`, name);
    return v ?? null;
  };
  const hub = { mode: read(HUB_PARAMS.mode), verifyToken: read(HUB_PARAMS.verifyToken), challenge: read(HUB_PARAMS.challenge) };
  return hub.mode === null && hub.verifyToken === null && hub.challenge === null ? null : hub;
};

/**
 * The stored text must be text every backend keeps as sent (docs/api.md "Text in is text out"): a body
 * with NUL, or a payload with NUL or a lone surrogate in a string, is 400 as on every route.
 */
const checkText = (body: RawInboundBody, payload: unknown): void => {
  if (body.raw.includes('\u0000')) throw new ValidationFailed('body must not contain the NUL character', 'body');
  const found = firstIllFormed(payload);
  if (found) {
    const what = found.reason === 'nul' ? 'must not contain the NUL character' : 'must be well-formed Unicode text';
    throw new ValidationFailed(`${found.at} ${what}`, found.field);
  }
};

const TAG = 'Webhooks';

const headerParam = (name: string, description: string): ParameterDoc => ({ name, in: 'header', schema: { type: 'string' }, description });

/** The receiver's own answers by status, in place of the envelope. */
const inboundAnswer = (description: string): Schema => ({ description, content: { 'application/json': { schema: inboundResultSchema } } });

const endpoints = resource({
  path: '/webhooks',
  tag: TAG,
  present: presentWebhookEndpoint,
  schema: webhookEndpointSchema,
  name: 'WebhookEndpoint',
  exampleId: DEMO_IDS.webhookEndpoint,
});

export function webhookRoutes(uc: WebhookUseCases): RouteModule {
  return {
    operations: [
      endpoints.list({
        id: 'listWebhookEndpoints',
        summary: "List the team's inbound webhook endpoints",
        list: { sortable: WEBHOOK_SORT_FIELDS },
        query: Type.Object({ active: Q.boolean('Only active (`true`) or inactive (`false`) endpoints.'), ...updatedSince('endpoints') }),
        success: 'A page of endpoints.',
        errors: [400],
        useCase: uc.list,
      }),
      createOne({
        id: 'createWebhookEndpoint',
        path: '/webhooks',
        tag: TAG,
        access: 'key',
        summary: 'Create an inbound webhook endpoint (a name alone is enough)',
        description:
          "Without `project_id` or `target_pipeline_id` the endpoint runs `create_deal` into the team's internal " +
          "project, in its default pipeline's first open column. `auth_mode` says how POSTs to " +
          '`/webhooks/inbound/{endpoint_id}` authenticate (`secret` by default); `signing_secret` gives a signature mode ' +
          "its secret (required for `meta_signature`: the Meta app's secret). The answer carries the one-time " +
          '`secret_token` (the `X-Webhook-Secret`, a signing secret made here, or the URL token); it is never shown ' +
          'again. A bad path in `field_mapping` or `idempotency_path` is 400 naming it, and so is a `custom_fields.` or ' +
          '`metadata.` target whose key is `__proto__`, `constructor` or `prototype`; a taken `slug` is 422 `DUPLICATE_ENTRY`; ' +
          'a signature mode on a server without `SECRETS_KEY` is 422 `VALIDATION_ERROR` naming `auth_mode`.',
        body: {
          schema: createWebhookSchema,
          example: { name: 'Formulário de orçamento', field_mapping: { full_name: 'nome', email: 'email', phone: 'telefone' } },
        },
        success: {
          name: 'CreatedWebhookEndpoint',
          data: createdWebhookEndpointSchema,
          description: 'The endpoint created, with its secret (shown this once).',
        },
        errors: [400, 404, 409, 422],
        command: createCommandOf,
        useCase: uc.create,
        present: presentCreatedWebhookEndpoint,
      }),
      endpoints.get({
        id: 'getWebhookEndpoint',
        summary: 'Read one endpoint (never its secret)',
        success: 'The endpoint.',
        errors: [404],
        useCase: uc.get,
      }),
      updateOne({
        id: 'updateWebhookEndpoint',
        path: '/webhooks/:id',
        pathExamples: { id: DEMO_IDS.webhookEndpoint },
        tag: TAG,
        access: 'key',
        summary: 'Change the name, activity, field mapping, idempotency path or authentication mode',
        description:
          'The action and its target stay as created; other fields sent are ignored. At least one of the ' +
          "updatable fields is required. `idempotency_path: null` removes it. An inactive endpoint's public URL answers 404. " +
          '`auth_mode` issues a new credential (even for the same mode; `signing_secret` gives a signature mode its ' +
          'secret, required for `meta_signature`): the answer then carries it once as `secret_token`, and the former ' +
          'credential admits nothing. A signature mode on a server without `SECRETS_KEY` is 422 `VALIDATION_ERROR` ' +
          'naming `auth_mode`, and changes nothing.',
        body: { schema: updateWebhookSchema, example: { is_active: false } },
        success: {
          name: 'UpdatedWebhookEndpoint',
          data: updatedWebhookEndpointSchema,
          description: 'The endpoint after the change; with `secret_token` when `auth_mode` was sent.',
        },
        errors: [400, 404, 422],
        changes: (body) => changesOf(body, UPDATABLE_WEBHOOK_FIELDS),
        useCase: uc.update,
        present: presentUpdatedWebhookEndpoint,
      }),
      endpoints.delete({
        id: 'deleteWebhookEndpoint',
        summary: 'Delete an endpoint for good (its deliveries are kept)',
        success: {
          description: 'The endpoint was deleted; its public URL answers 404 from now on.',
          data: deletedWebhookEndpointSchema,
          name: 'DeletedWebhookEndpoint',
        },
        errors: [404],
        useCase: uc.delete,
        present: presentDeletedWebhookEndpoint,
      }),
      operation({
        id: 'getInboundEndpointStatus',
        method: 'get',
        path: '/webhooks/inbound/:endpointId',
        pathExamples: { endpointId: DEMO_IDS.webhookEndpointPublicId },
        tag: TAG,
        access: 'public',
        summary: "Check an inbound URL, or answer Meta's subscription handshake",
        description:
          'Nothing is processed. Answers `{ "status": "active" }` for an active endpoint. When the endpoint has a ' +
          "verify token (set by the operator) and the query has `hub.*` parameters, it answers Meta's handshake instead: " +
          '`hub.challenge` alone as `text/plain` when `hub.mode=subscribe` and `hub.verify_token` match, 401 for a wrong ' +
          'token, 400 for another mode or no challenge. An unknown or inactive endpoint is 404.',
        parameters: [
          queryParam('hub.mode', R.enumOf(['subscribe']), "Meta's handshake: `subscribe`."),
          queryParam('hub.verify_token', R.string, "Meta's handshake: the endpoint's verify token."),
          queryParam('hub.challenge', R.string, "Meta's handshake: echoed back as the whole body."),
        ],
        success: { status: 200, description: 'The endpoint is active.', data: R.anyObject },
        errors: [400, 401, 404],
        rawResponses: {
          200: {
            description: "The endpoint is active (`application/json`), or Meta's `hub.challenge` echoed (`text/plain`).",
            content: {
              'application/json': { schema: exactObject({ status: R.enumOf(['active']) }) },
              'text/plain': { schema: { type: 'string', description: '`hub.challenge`, as the whole body.' } },
            },
          },
        },
        async handle(ctx: Ctx) {
          const status = await uc.inboundStatus.execute({ endpointId: String(ctx.params.endpointId), hub: hubOf(ctx) });
          if (status.kind === 'challenge') {
            // Meta expects the challenge back as the whole body, nothing else.
            ctx.type = 'text/plain';
            ctx.set('X-Content-Type-Options', 'nosniff');
            ctx.body = status.challenge;
            return;
          }
          ctx.body = presentInboundEndpointStatus(status);
        },
      }),
      operation({
        id: 'receiveInboundWebhook',
        method: 'post',
        path: '/webhooks/inbound/:endpointId',
        pathExamples: { endpointId: DEMO_IDS.webhookEndpointPublicId },
        tag: TAG,
        access: 'public',
        summary: 'Receive a payload from a form or ad platform and turn it into a lead (and a deal)',
        description:
          "Public: the endpoint's `auth_mode`, not an API key, admits the payload: `X-Webhook-Secret` (`secret`), " +
          'a signature of the exact bytes sent in `X-Hub-Signature-256` (`meta_signature`, hex HMAC-SHA256 with the app ' +
          'secret), `Typeform-Signature` (`typeform_signature`, base64) or `webhook-signature` with `webhook-id` and a ' +
          '`webhook-timestamp` within 5 minutes (`standard_webhooks`), `?token=` (`url_token`), or nothing (`none`). ' +
          'A missing or wrong credential is 401 and nothing is stored. The body is free-form and read as sent, ' +
          'whatever its content type: `application/json` and `+json` types, `application/x-www-form-urlencoded` (bracket ' +
          "and dot nesting, repeated keys as lists, the form's `charset`), and JSON sent as `text/plain`; gzip, deflate and " +
          'br bodies are decompressed (another `Content-Encoding` is 415), and the 1 MB limit applies after decompression. ' +
          "Every admitted body is stored with its content type before it is processed. The endpoint's `field_mapping` " +
          'says where each field is.\n\n' +
          'A 200 means the receiver answered: the outcome is in the body (`success`, `entity_id`, `entity_ids`, `warnings`, ' +
          'or `error`). A body of a type the receiver does not read (XML, multipart, text that is not JSON) is kept and ' +
          'answered 415 `UNSUPPORTED_MEDIA_TYPE`; a body declared JSON that is not JSON, JSON nested deeper than 64 ' +
          'levels, a form of more than 1 000 fields, or a payload of more records than a delivery may make ' +
          '(`INBOUND_MAX_RECORDS`, 500 by default: the items of a top-level array or of the `[*]` array of the mapping) is ' +
          'kept and answered 400 `VALIDATION_ERROR` on `body`, no record made. Each record of several is made or left ' +
          'out on its own: one refused or failed is named in `warnings` (with its `record`) and the others are kept. A ' +
          'delivery keeps its first 100 warnings and a last one counting the others. What is stored keeps the limits of ' +
          "the API's requests (texts, tags, `custom_fields` and `metadata` keys): more is cut or left out with a warning " +
          'naming the field, never a refusal of the lead. The body is read ' +
          'only once the endpoint is found and its secret checked. A redelivery ' +
          "(the same id at the endpoint's `idempotency_path`, else the same `webhook-id` or `Idempotency-Key` header) " +
          "creates nothing and gets the first delivery's answer with `duplicate: true`. 401: a missing or wrong secret; " +
          '404: an unknown or inactive endpoint; 409: the same delivery is being processed by another attempt.',
        parameters: [
          headerParam('X-Webhook-Secret', "The endpoint's `secret_token`; required when its `auth_mode` is `secret`."),
          headerParam('X-Hub-Signature-256', '`meta_signature`: `sha256=` and the hex HMAC-SHA256 of the body with the app secret.'),
          headerParam('Typeform-Signature', '`typeform_signature`: `sha256=` and the base64 HMAC-SHA256 of the body with the secret.'),
          headerParam('webhook-signature', '`standard_webhooks`: `v1,<base64>` signatures of `webhook-id.webhook-timestamp.body`.'),
          headerParam('webhook-timestamp', '`standard_webhooks`: Unix seconds; more than 5 minutes off is refused.'),
          queryParam('token', R.string, "`url_token`: the endpoint's `secret_token`."),
          headerParam('X-Service-Webhook-Secret', 'The legacy name of `X-Webhook-Secret`, read when that one is absent.'),
          headerParam(
            'webhook-id',
            "The sender's id of this message (Standard Webhooks), at most 512 characters: a second delivery with it is a redelivery.",
          ),
          headerParam('Idempotency-Key', 'Read as `webhook-id` when that one is absent.'),
        ],
        freeBody: {
          description:
            "The payload as its sender posts it, in any shape; the endpoint's `field_mapping` says where each field goes. " +
            "The example fits the demo team's endpoint (`nome`, `telefone`, `pagina`).",
          example: {
            nome: 'Carlos Eduardo Lima',
            telefone: '(31) 99123-4567',
            email: 'carlos.lima@example.com.br',
            pagina: '/contato',
            utm_source: 'instagram',
            utm_campaign: 'lancamento',
          },
        },
        success: { status: 200, description: 'The receiver answered; the outcome is in the body.', data: R.anyObject },
        errors: [400, 401, 404, 409, 413, 415],
        rawResponses: {
          200: inboundAnswer('The receiver answered: `success` says whether the action ran; `error` why not (spec 4.9).'),
        },
        async handle(ctx: Ctx) {
          const load: () => Promise<RawInboundBody> = ctx.state.readInboundBody ?? (() => readRawInboundBody(ctx, INBOUND_BODY_LIMIT));
          const seen: { body?: RawInboundBody; reading?: BodyReading } = {};
          const result = await uc.receive.execute({
            endpointId: String(ctx.params.endpointId),
            requestId: ctx.state.requestId,
            secret: secretOf(ctx),
            token: tokenOf(ctx),
            header: (name) => ctx.get(name) || null,
            body: async () => (seen.body = await load()),
            inspect: (read) => {
              checkText(seen.body!, read.payload);
              seen.reading = read;
            },
            idempotencyKey: idempotencyHeaderOf(ctx),
          });
          const reading = seen.reading;
          if (!reading) throw new Error('The receiver answered without reading the body');
          // Refusals answered after the delivery was kept, so that a replay (by a later version) can read it:
          // a body of a type the receiver does not read is 415; one it reads but cannot (JSON that is not
          // JSON, or nested too deep; a form of too many fields) is the spec's 400 "Invalid JSON" (part 7).
          if (reading.error !== null && reading.unsupported) {
            throw new UnsupportedMediaType(`${reading.error}. The body was kept and can be replayed`);
          }
          if (reading.error !== null) {
            const what = ctx.is('urlencoded') ? 'form' : 'JSON';
            throw new ValidationFailed(`Invalid ${what} body; it was kept and can be replayed (${reading.error})`, 'body');
          }
          // A payload of more records than a delivery may make is kept, refused whole, and answered like a
          // body the receiver cannot read, so that the sender sees it was not processed.
          if (result.kind === 'processed' && result.tooLarge) {
            throw new ValidationFailed(`${result.error ?? 'Too many records'}; it was kept and can be replayed`, 'body');
          }
          // 200 only means the receiver answered; the outcome is in the body (spec 4.9).
          ctx.status = 200;
          ctx.body = presentInboundResult(result);
        },
      }),
    ],
  };
}
