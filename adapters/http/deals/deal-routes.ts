import Router from '@koa/router';
import { ArchiveDeal } from '../../../application/deals/archive-deal';
import { CreateDeal } from '../../../application/deals/create-deal';
import { GetDeal } from '../../../application/deals/get-deal';
import { ListDeals } from '../../../application/deals/list-deals';
import { UpdateDeal } from '../../../application/deals/update-deal';
import { MoveProjectDeal } from '../../../application/deals/move-project-deal';
import { DealChanges, NewGlobalDeal } from '../../../domain/deals/deal';
import { DEAL_SORT_FIELDS } from '../../../domain/deals/deal-repository';
import { parseIdempotencyKey } from '../../../domain/deals/idempotency';
import { RouteModule } from '../app';
import { many, one } from '../shared/envelope';
import { Ctx, listQuery, pathId, queryDate, queryNumber, queryUuid, queryValue, teamOf } from '../shared/params';
import { requireSomeField, validator } from '../shared/validation';
import { CREATE_DEAL_FIELDS, UPDATABLE_DEAL_FIELDS, createDealSchema, pick, updateDealSchema } from './deal-schemas';
import { presentArchivedDeal, presentDeal } from './present-deal';
import { addProjectDealRoutes } from './project-deal-routes';

export interface DealUseCases {
  list: ListDeals;
  create: CreateDeal;
  get: GetDeal;
  update: UpdateDeal;
  archive: ArchiveDeal;
  move: MoveProjectDeal;
}

export function dealRoutes(uc: DealUseCases): RouteModule {
  const parseCreate = validator<Record<string, unknown>>(createDealSchema);
  const parseUpdate = validator<Record<string, unknown>>(updateDealSchema);
  const router = new Router();

  router.get('/deals', async (ctx: Ctx) => {
    const query = listQuery(ctx, { sortable: DEAL_SORT_FIELDS });
    const input = {
      projectId: queryUuid(ctx, 'project_id'),
      pipelineId: queryUuid(ctx, 'pipeline_id'),
      clientId: queryUuid(ctx, 'client_id'),
      leadId: queryUuid(ctx, 'lead_id'),
      responsibleId: queryUuid(ctx, 'responsible_id'),
      status: queryValue(ctx, 'status'),
      phase: queryValue(ctx, 'phase'),
      source: queryValue(ctx, 'source'),
      minValue: queryNumber(ctx, 'min_value'),
      maxValue: queryNumber(ctx, 'max_value'),
      from: queryDate(ctx, 'from'),
      to: queryDate(ctx, 'to'),
    };
    ctx.body = many(await uc.list.execute(teamOf(ctx), input, query), query, presentDeal);
  });

  router.post('/deals', async (ctx: Ctx) => {
    // The key is checked first: a key over 512 characters is refused whatever the body.
    const idempotencyKey = parseIdempotencyKey(ctx.get('Idempotency-Key'));
    const deal = pick(parseCreate(ctx.request.body), CREATE_DEAL_FIELDS) as unknown as NewGlobalDeal;
    const result = await uc.create.execute(teamOf(ctx), { deal, idempotencyKey });
    ctx.status = result.replayed ? 200 : 201;
    ctx.body = one(presentDeal(result.deal));
  });

  router.get('/deals/:id', async (ctx: Ctx) => {
    const id = pathId(ctx);
    const view = await uc.get.execute(teamOf(ctx), {
      id, projectId: queryUuid(ctx, 'project_id'), pipelineId: queryUuid(ctx, 'pipeline_id'),
    });
    ctx.body = one(presentDeal(view));
  });

  router.put('/deals/:id', async (ctx: Ctx) => {
    const id = pathId(ctx);
    const body = parseUpdate(ctx.request.body);
    requireSomeField(body, UPDATABLE_DEAL_FIELDS);
    const changes = pick(body, UPDATABLE_DEAL_FIELDS) as DealChanges;
    ctx.body = one(presentDeal(await uc.update.execute(teamOf(ctx), { id, changes })));
  });

  router.delete('/deals/:id', async (ctx: Ctx) => {
    ctx.body = one(presentArchivedDeal(await uc.archive.execute(teamOf(ctx), { id: pathId(ctx) })));
  });

  addProjectDealRoutes(router, { move: uc.move });

  return { keyed: router };
}
