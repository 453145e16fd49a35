import Router from '@koa/router';
import { CreateWebhookEndpoint } from '../../../application/webhooks/create-webhook-endpoint';
import { DeleteWebhookEndpoint } from '../../../application/webhooks/delete-webhook-endpoint';
import { GetInboundEndpointStatus } from '../../../application/webhooks/get-inbound-endpoint-status';
import { GetWebhookEndpoint } from '../../../application/webhooks/get-webhook-endpoint';
import { ListWebhookEndpoints } from '../../../application/webhooks/list-webhook-endpoints';
import { ReceiveInboundWebhook } from '../../../application/webhooks/receive-inbound-webhook';
import { UpdateWebhookEndpoint } from '../../../application/webhooks/update-webhook-endpoint';
import { isJsonType, readInboundBody } from '../../../application/webhooks/inbound-body';
import { HubHandshake } from '../../../application/webhooks/get-inbound-endpoint-status';
import { ValidationFailed } from '../../../domain/shared/errors';
import { InboundActionType, WebhookEndpointChanges } from '../../../domain/webhooks/webhook-endpoint';
import { WEBHOOK_SORT_FIELDS } from '../../../domain/webhooks/webhook-endpoint-repository';
import { RouteModule } from '../app';
import { many, one } from '../shared/envelope';
import { Ctx, listQuery, pathId, queryBoolean, teamOf } from '../shared/params';
import { requireSomeField, validator } from '../shared/validation';
import { UPDATABLE_WEBHOOK_FIELDS, createWebhookSchema, updateWebhookSchema } from './webhook-schemas';
import { firstIllFormed } from '../middleware/well-formed-input';
import { RawInboundBody, readRawInboundBody } from './inbound-body';
import { presentInboundResult, presentWebhookEndpoint } from './present-webhook';

export interface WebhookUseCases {
  list: ListWebhookEndpoints;
  get: GetWebhookEndpoint;
  create: CreateWebhookEndpoint;
  update: UpdateWebhookEndpoint;
  delete: DeleteWebhookEndpoint;
  inboundStatus: GetInboundEndpointStatus;
  receive: ReceiveInboundWebhook;
}

interface CreateWebhookBody {
  name: string;
  slug?: string;
  is_active?: boolean;
  action_type?: InboundActionType;
  project_id?: string;
  target_pipeline_id?: string;
  target_column_id?: string;
  field_mapping?: Record<string, unknown>;
  idempotency_path?: string | null;
}

const SECRET_HEADERS = ['x-webhook-secret', 'x-service-webhook-secret'];

/** The shared secret of an inbound request: `X-Webhook-Secret`, else its legacy alias. */
const secretOf = (ctx: Ctx): string | null => {
  for (const name of SECRET_HEADERS) {
    const v = ctx.get(name);
    if (v) return v;
  }
  return null;
};

/** What the app reads for the receiver before routing; read here only if it did not (1 MB, as the app). */
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
 * The stored text must be text every backend keeps as sent (README "text in is text out"): a body
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

export function webhookRoutes(uc: WebhookUseCases): RouteModule {
  const parseCreate = validator<CreateWebhookBody>(createWebhookSchema);
  const parseUpdate = validator<WebhookEndpointChanges>(updateWebhookSchema);
  const keyed = new Router();
  const inbound = new Router();

  keyed.get('/webhooks', async (ctx: Ctx) => {
    const query = listQuery(ctx, { sortable: WEBHOOK_SORT_FIELDS });
    ctx.body = many(await uc.list.execute(teamOf(ctx), { isActive: queryBoolean(ctx, 'active') }, query), query, presentWebhookEndpoint);
  });

  keyed.post('/webhooks', async (ctx: Ctx) => {
    const b = parseCreate(ctx.request.body);
    const created = await uc.create.execute(teamOf(ctx), {
      name: b.name, slug: b.slug, isActive: b.is_active, actionType: b.action_type, projectId: b.project_id,
      pipelineId: b.target_pipeline_id, columnSlug: b.target_column_id, fieldMapping: b.field_mapping,
      idempotencyPath: b.idempotency_path, withSecret: true,
    });
    ctx.status = 201;
    ctx.body = one({ ...presentWebhookEndpoint(created.endpoint), secret_token: created.secret });
  });

  keyed.get('/webhooks/:id', async (ctx: Ctx) => {
    ctx.body = one(presentWebhookEndpoint(await uc.get.execute(teamOf(ctx), pathId(ctx))));
  });

  keyed.put('/webhooks/:id', async (ctx: Ctx) => {
    const id = pathId(ctx);
    const changes = parseUpdate(ctx.request.body);
    requireSomeField(changes as Record<string, unknown>, UPDATABLE_WEBHOOK_FIELDS);
    ctx.body = one(presentWebhookEndpoint(await uc.update.execute(teamOf(ctx), id, changes)));
  });

  keyed.delete('/webhooks/:id', async (ctx: Ctx) => {
    ctx.body = one(await uc.delete.execute(teamOf(ctx), pathId(ctx)));
  });

  inbound.get('/webhooks/inbound/:endpointId', async (ctx: Ctx) => {
    const status = await uc.inboundStatus.execute({ endpointId: String(ctx.params.endpointId), hub: hubOf(ctx) });
    if (status.kind === 'challenge') {
      // Meta expects the challenge back as the whole body, nothing else.
      ctx.type = 'text/plain';
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.body = status.challenge;
      return;
    }
    ctx.body = { status: status.status };
  });

  inbound.post('/webhooks/inbound/:endpointId', async (ctx: Ctx) => {
    const body: RawInboundBody = ctx.state.inboundBody ?? await readRawInboundBody(ctx, INBOUND_BODY_LIMIT);
    const reading = readInboundBody(body.raw, body.contentType);
    checkText(body, reading.payload);
    const result = await uc.receive.execute({
      endpointId: String(ctx.params.endpointId), secret: secretOf(ctx), body, reading, idempotencyKey: idempotencyHeaderOf(ctx),
    });
    // A body declared JSON that is not JSON is the spec's 400 "Invalid JSON" (part 7), answered after the
    // delivery was kept, so a replay can read it again; any other unreadable body is an outcome (4.9).
    if (reading.error !== null && isJsonType(body.contentType)) {
      throw new ValidationFailed(`Invalid JSON body; it was kept and can be replayed (${reading.error})`, 'body');
    }
    // 200 only means the receiver answered; the outcome is in the body (spec 4.9).
    ctx.status = 200;
    ctx.body = presentInboundResult(result);
  });

  return { keyed, public: inbound };
}
