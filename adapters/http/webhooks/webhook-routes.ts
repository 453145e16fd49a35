import Router from '@koa/router';
import { CreateWebhookEndpoint } from '../../../application/webhooks/create-webhook-endpoint';
import { DeleteWebhookEndpoint } from '../../../application/webhooks/delete-webhook-endpoint';
import { GetInboundEndpointStatus } from '../../../application/webhooks/get-inbound-endpoint-status';
import { GetWebhookEndpoint } from '../../../application/webhooks/get-webhook-endpoint';
import { ListWebhookEndpoints } from '../../../application/webhooks/list-webhook-endpoints';
import { ReceiveInboundWebhook } from '../../../application/webhooks/receive-inbound-webhook';
import { UpdateWebhookEndpoint } from '../../../application/webhooks/update-webhook-endpoint';
import { InboundActionType, WebhookEndpointChanges } from '../../../domain/webhooks/webhook-endpoint';
import { WEBHOOK_SORT_FIELDS } from '../../../domain/webhooks/webhook-endpoint-repository';
import { RouteModule } from '../app';
import { many, one } from '../shared/envelope';
import { Ctx, listQuery, pathId, queryBoolean, teamOf } from '../shared/params';
import { requireSomeField, validator } from '../shared/validation';
import { UPDATABLE_WEBHOOK_FIELDS, createWebhookSchema, updateWebhookSchema } from './webhook-schemas';
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
      pipelineId: b.target_pipeline_id, columnSlug: b.target_column_id, fieldMapping: b.field_mapping, withSecret: true,
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
    ctx.body = await uc.inboundStatus.execute({ endpointId: String(ctx.params.endpointId) });
  });

  inbound.post('/webhooks/inbound/:endpointId', async (ctx: Ctx) => {
    const result = await uc.receive.execute({
      endpointId: String(ctx.params.endpointId), secret: secretOf(ctx), payload: ctx.request.body ?? {},
    });
    // 200 only means the receiver answered; the outcome is in the body (spec 4.9).
    ctx.status = 200;
    ctx.body = presentInboundResult(result);
  });

  return { keyed, public: inbound };
}
