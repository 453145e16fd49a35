import Router from '@koa/router';
import { CreateCampaign, CreateCampaignInput } from '../../../application/campaigns/create-campaign';
import { DeleteCampaign } from '../../../application/campaigns/delete-campaign';
import { GetCampaign } from '../../../application/campaigns/get-campaign';
import { ListCampaigns } from '../../../application/campaigns/list-campaigns';
import { UpdateCampaign } from '../../../application/campaigns/update-campaign';
import { CampaignChanges } from '../../../domain/campaigns/campaign';
import { CAMPAIGN_SORT_FIELDS } from '../../../domain/campaigns/campaign-repository';
import { RouteModule } from '../app';
import { many, one } from '../shared/envelope';
import { Ctx, listQuery, pathId, queryUuid, queryValue, teamOf } from '../shared/params';
import { requireSomeField, validator } from '../shared/validation';
import {
  CREATE_CAMPAIGN_FIELDS, UPDATABLE_CAMPAIGN_FIELDS, createCampaignSchema, updateCampaignSchema,
} from './campaign-schemas';
import { presentCampaign } from './present-campaign';

export interface CampaignUseCases {
  list: ListCampaigns;
  create: CreateCampaign;
  get: GetCampaign;
  update: UpdateCampaign;
  delete: DeleteCampaign;
}

/** Only the listed fields reach a use case (null included); anything else in a body is ignored. */
const pick = <T>(body: Record<string, unknown>, fields: readonly string[]): T =>
  Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]])) as T;

export function campaignRoutes(uc: CampaignUseCases): RouteModule {
  const checkCreate = validator<Record<string, unknown>>(createCampaignSchema);
  const checkUpdate = validator<Record<string, unknown>>(updateCampaignSchema);
  const router = new Router();

  router.get('/campaigns', async (ctx: Ctx) => {
    const { page, limit, search } = listQuery(ctx, { sortable: CAMPAIGN_SORT_FIELDS, fallbackToCreatedAt: true });
    const input = {
      page, limit, search, sort: queryValue(ctx, 'sort'), status: queryValue(ctx, 'status'), project_id: queryUuid(ctx, 'project_id'),
    };
    ctx.body = many(await uc.list.execute(teamOf(ctx), input), { page, limit }, presentCampaign);
  });

  router.post('/campaigns', async (ctx: Ctx) => {
    const input = pick<CreateCampaignInput>(checkCreate(ctx.request.body), CREATE_CAMPAIGN_FIELDS);
    ctx.status = 201;
    ctx.body = one(presentCampaign(await uc.create.execute(teamOf(ctx), input)));
  });

  router.get('/campaigns/:id', async (ctx: Ctx) => {
    ctx.body = one(presentCampaign(await uc.get.execute(teamOf(ctx), pathId(ctx))));
  });

  router.put('/campaigns/:id', async (ctx: Ctx) => {
    const id = pathId(ctx);
    const changes = pick<CampaignChanges>(checkUpdate(ctx.request.body), UPDATABLE_CAMPAIGN_FIELDS);
    requireSomeField(changes as Record<string, unknown>, UPDATABLE_CAMPAIGN_FIELDS);
    ctx.body = one(presentCampaign(await uc.update.execute(teamOf(ctx), id, changes)));
  });

  router.delete('/campaigns/:id', async (ctx: Ctx) => {
    await uc.delete.execute(teamOf(ctx), pathId(ctx));
  });

  return { keyed: router };
}
