import Router from '@koa/router';
import { CompleteActivity } from '../../../application/activities/complete-activity';
import { CreateActivity, CreateActivityInput } from '../../../application/activities/create-activity';
import { GetActivity } from '../../../application/activities/get-activity';
import { ListActivities } from '../../../application/activities/list-activities';
import { UpdateActivity } from '../../../application/activities/update-activity';
import { ActivityChanges } from '../../../domain/activities/activity';
import { ACTIVITY_SORT_FIELDS } from '../../../domain/activities/activity-repository';
import { RouteModule } from '../app';
import { many, one } from '../shared/envelope';
import { Ctx, listQuery, pathId, queryUuid, queryValue, teamOf } from '../shared/params';
import { requireSomeField, validator } from '../shared/validation';
import {
  CREATE_ACTIVITY_FIELDS, UPDATABLE_ACTIVITY_FIELDS, createActivitySchema, updateActivitySchema,
} from './activity-schemas';
import { presentActivity, presentCompletion } from './present-activity';

export interface ActivityUseCases {
  list: ListActivities;
  create: CreateActivity;
  get: GetActivity;
  update: UpdateActivity;
  complete: CompleteActivity;
}

/** Only the listed fields reach a use case (null included); anything else in a body is ignored. */
const pick = <T>(body: Record<string, unknown>, fields: readonly string[]): T =>
  Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]])) as T;

export function activityRoutes(uc: ActivityUseCases): RouteModule {
  const checkCreate = validator<Record<string, unknown>>(createActivitySchema);
  const checkUpdate = validator<Record<string, unknown>>(updateActivitySchema);
  const router = new Router();

  router.get('/activities', async (ctx: Ctx) => {
    const { page, limit, search } = listQuery(ctx, { sortable: ACTIVITY_SORT_FIELDS, fallbackToCreatedAt: true });
    const input = {
      page, limit, search, sort: queryValue(ctx, 'sort'), type: queryValue(ctx, 'type'), completed: queryValue(ctx, 'completed'),
      client_id: queryUuid(ctx, 'client_id'), deal_id: queryUuid(ctx, 'deal_id'),
    };
    ctx.body = many(await uc.list.execute(teamOf(ctx), input), { page, limit }, presentActivity);
  });

  router.post('/activities', async (ctx: Ctx) => {
    const input = pick<CreateActivityInput>(checkCreate(ctx.request.body), CREATE_ACTIVITY_FIELDS);
    ctx.status = 201;
    ctx.body = one(presentActivity(await uc.create.execute(teamOf(ctx), input)));
  });

  router.get('/activities/:id', async (ctx: Ctx) => {
    ctx.body = one(presentActivity(await uc.get.execute(teamOf(ctx), pathId(ctx))));
  });

  router.put('/activities/:id', async (ctx: Ctx) => {
    const id = pathId(ctx);
    const changes = pick<ActivityChanges>(checkUpdate(ctx.request.body), UPDATABLE_ACTIVITY_FIELDS);
    requireSomeField(changes as Record<string, unknown>, UPDATABLE_ACTIVITY_FIELDS);
    ctx.body = one(presentActivity(await uc.update.execute(teamOf(ctx), id, changes)));
  });

  router.delete('/activities/:id', async (ctx: Ctx) => {
    ctx.body = one(presentCompletion(await uc.complete.execute(teamOf(ctx), pathId(ctx))));
  });

  return { keyed: router };
}
