import { CompleteActivity } from '../../../application/activities/complete-activity';
import { CreateActivity } from '../../../application/activities/create-activity';
import { GetActivity } from '../../../application/activities/get-activity';
import { ListActivities } from '../../../application/activities/list-activities';
import { UpdateActivity } from '../../../application/activities/update-activity';
import { ACTIVITY_TYPES } from '../../../domain/activities/activity';
import { ACTIVITY_SORT_FIELDS, activitySort } from '../../../domain/activities/activity-repository';
import { RouteModule } from '../app';
import { camelKeys, changesOf, pick } from '../shared/body';
import { listParameters, queryParam, R } from '../shared/documented';
import { many, one } from '../shared/envelope';
import { operation, ParameterDoc } from '../shared/operation';
import { Ctx, listQuery, pathId, queryUuid, queryValue, teamOf } from '../shared/params';
import {
  CREATE_ACTIVITY_FIELDS, UPDATABLE_ACTIVITY_FIELDS, createActivitySchema, updateActivitySchema,
} from './activity-schemas';
import { activityCompletionSchema, activitySchema, presentActivity, presentCompletion } from './present-activity';

export interface ActivityUseCases {
  list: ListActivities;
  create: CreateActivity;
  get: GetActivity;
  update: UpdateActivity;
  complete: CompleteActivity;
}

const TAG = 'Activities';

/** Activity lists never refuse a sort: an unlisted field sorts by `created_at`, keeping the direction. */
const SORT_NOTE = '`priority` sorts by rank (low < medium < high). An unlisted field sorts by `created_at` in the direction given.';
const listParams = (): ParameterDoc[] =>
  listParameters(ACTIVITY_SORT_FIELDS, { search: 'Partial match in title and description (accents and case do not matter).' })
    .map((p) => (p.name === 'sort' ? { ...p, description: `${p.description} ${SORT_NOTE}` } : p));

export function activityRoutes(uc: ActivityUseCases): RouteModule {
  return {
    operations: [
      operation({
        id: 'listActivities', method: 'get', path: '/activities', tag: TAG, access: 'key',
        summary: 'List the team\'s activities',
        parameters: [
          ...listParams(),
          queryParam('type', R.enumOf(ACTIVITY_TYPES), 'Only activities of this type; an unlisted value applies no filter.'),
          queryParam('completed', { type: 'boolean' }, 'Only completed (`true`) or open (`false`) activities; any other value applies no filter.'),
          queryParam('client_id', R.uuid, 'Only activities of this client of the team (another one is 404 on `client_id`).'),
          queryParam('deal_id', R.uuid, 'Only activities of this deal of the team (another one is 404 on `deal_id`).'),
        ],
        success: { status: 200, description: 'A page of activities.', data: activitySchema, name: 'Activity', list: true },
        errors: [400, 404],
        async handle(ctx: Ctx) {
          const { page, limit, search } = listQuery(ctx, { sortable: ACTIVITY_SORT_FIELDS, fallbackToCreatedAt: true });
          // The domain's rule picks the sort: an unlisted field falls back to created_at, never a 400.
          const query = { page, limit, search, sort: activitySort(queryValue(ctx, 'sort')) };
          const command = {
            type: queryValue(ctx, 'type'), completed: queryValue(ctx, 'completed'),
            clientId: queryUuid(ctx, 'client_id'), dealId: queryUuid(ctx, 'deal_id'), query,
          };
          ctx.body = many(await uc.list.execute(teamOf(ctx), command), query, presentActivity);
        },
      }),
      operation({
        id: 'createActivity', method: 'post', path: '/activities', tag: TAG, access: 'key',
        summary: 'Record an activity (type `task` unless given)',
        description: 'A `duration_minutes` of 0 is stored as null (not measured). `client_id` and `deal_id` must be the team\'s '
          + '(404 naming the field otherwise); `contract_id`, `assigned_to` and `created_by` are kept as sent.',
        body: {
          schema: createActivitySchema,
          example: {
            title: 'Ligação de retorno para João Araújo', type: 'call', description: 'Revisar a proposta de R$ 12.500,00 do site institucional',
            occurred_at: '2026-03-10T14:30:00-03:00', duration_minutes: 25, due_date: '2026-03-12', priority: 'high', tags: ['proposta', 'follow-up'],
            client_id: '0190a0b0-7c1e-7d2a-9b3c-1a2b3c4d5e6f',
          },
        },
        success: { status: 201, description: 'The activity recorded.', data: activitySchema, name: 'Activity' },
        errors: [400, 404],
        async handle(ctx: Ctx, body) {
          const activity = await uc.create.execute(teamOf(ctx), camelKeys(pick(body, CREATE_ACTIVITY_FIELDS)));
          ctx.status = 201;
          ctx.body = one(presentActivity(activity));
        },
      }),
      operation({
        id: 'getActivity', method: 'get', path: '/activities/:id', tag: TAG, access: 'key',
        summary: 'Read one activity',
        success: { status: 200, description: 'The activity.', data: activitySchema, name: 'Activity' },
        errors: [404],
        async handle(ctx: Ctx) {
          ctx.body = one(presentActivity(await uc.get.execute(teamOf(ctx), { id: pathId(ctx) })));
        },
      }),
      operation({
        id: 'updateActivity', method: 'put', path: '/activities/:id', tag: TAG, access: 'key',
        summary: 'Change the fields sent (`is_completed` reopens or completes it)',
        description: '`created_by` cannot change and is ignored; a body with no other field is 400. A `client_id` or `deal_id` '
          + 'sent must be the team\'s (404 naming the field otherwise).',
        body: {
          schema: updateActivitySchema,
          example: { title: 'Reunião de alinhamento com a Construtora Paraná', type: 'meeting', duration_minutes: 45, is_completed: true },
        },
        success: { status: 200, description: 'The activity after the change.', data: activitySchema, name: 'Activity' },
        errors: [400, 404],
        async handle(ctx: Ctx, body) {
          const id = pathId(ctx);
          const changes = changesOf(body, UPDATABLE_ACTIVITY_FIELDS);
          ctx.body = one(presentActivity(await uc.update.execute(teamOf(ctx), { id, changes })));
        },
      }),
      operation({
        id: 'completeActivity', method: 'delete', path: '/activities/:id', tag: TAG, access: 'key',
        summary: 'Mark an activity completed (it is kept, not removed)',
        description: 'DELETE does not remove the activity: it sets `is_completed` to true and answers `{ id, is_completed, completed_at }`, '
          + 'where `completed_at` equals the activity\'s `updated_at`. An activity already completed is left as it is.',
        success: { status: 200, description: 'The activity completed.', data: activityCompletionSchema, name: 'ActivityCompletion' },
        errors: [404],
        async handle(ctx: Ctx) {
          ctx.body = one(presentCompletion(await uc.complete.execute(teamOf(ctx), { id: pathId(ctx) })));
        },
      }),
    ],
  };
}
