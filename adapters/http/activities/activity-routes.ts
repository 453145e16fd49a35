import { CompleteActivity } from '../../../application/activities/complete-activity';
import { CreateActivity } from '../../../application/activities/create-activity';
import { GetActivity } from '../../../application/activities/get-activity';
import { ListActivities } from '../../../application/activities/list-activities';
import { UpdateActivity } from '../../../application/activities/update-activity';
import { ACTIVITY_TYPES } from '../../../domain/activities/activity';
import { ACTIVITY_SORT_FIELDS } from '../../../domain/activities/activity-repository';
import { RouteModule } from '../app';
import { Type, camelKeys, changesOf, pick } from '../shared/body';
import { R } from '../shared/documented';
import { Q, updatedSince } from '../shared/query';
import { resource } from '../shared/resource';
import { CREATE_ACTIVITY_FIELDS, UPDATABLE_ACTIVITY_FIELDS, createActivitySchema, updateActivitySchema } from './activity-schemas';
import { activityCompletionSchema, activitySchema, presentActivity, presentCompletion } from './present-activity';
import { DEMO_IDS } from '../shared/demo-ids';

export interface ActivityUseCases {
  list: ListActivities;
  create: CreateActivity;
  get: GetActivity;
  update: UpdateActivity;
  complete: CompleteActivity;
}

const activities = resource({
  path: '/activities',
  tag: 'Activities',
  present: presentActivity,
  schema: activitySchema,
  name: 'Activity',
  exampleId: DEMO_IDS.activity,
});

export function activityRoutes(uc: ActivityUseCases): RouteModule {
  return {
    operations: [
      activities.list({
        id: 'listActivities',
        summary: "List the team's activities",
        // Activity lists never refuse a sort: an unlisted field sorts by `created_at`, keeping the direction.
        list: {
          sortable: ACTIVITY_SORT_FIELDS,
          fallbackToCreatedAt: true,
          sortNote: '`priority` sorts by rank (low < medium < high).',
          search: 'Partial match in title and description (accents and case do not matter).',
        },
        query: Type.Object({
          // `type` and `completed` are the use case's to read: an unlisted value applies no filter.
          type: Q.asSent(R.enumOf(ACTIVITY_TYPES), 'Only activities of this type; an unlisted value applies no filter.'),
          completed: Q.asSent(R.boolean, 'Only completed (`true`) or open (`false`) activities; any other value applies no filter.'),
          client_id: Q.uuid('Only activities of this client of the team (another one is 404 on `client_id`).'),
          deal_id: Q.uuid('Only activities of this deal of the team (another one is 404 on `deal_id`).'),
          ...updatedSince('activities'),
        }),
        success: 'A page of activities.',
        errors: [400, 404],
        useCase: uc.list,
      }),
      activities.create({
        id: 'createActivity',
        summary: 'Record an activity (type `task` unless given)',
        description:
          "A `duration_minutes` of 0 is stored as null (not measured). `client_id` and `deal_id` must be the team's " +
          '(404 naming the field otherwise); `contract_id`, `assigned_to` and `created_by` are kept as sent.',
        body: {
          schema: createActivitySchema,
          example: {
            title: 'Ligação de retorno para Maria Silva',
            type: 'call',
            description: 'Revisar a proposta de R$ 12.500,00 do site institucional',
            occurred_at: '2026-03-10T14:30:00-03:00',
            duration_minutes: 25,
            due_date: '2026-03-12',
            priority: 'high',
            tags: ['proposta', 'follow-up'],
            client_id: DEMO_IDS.client,
          },
        },
        success: 'The activity recorded.',
        errors: [400, 404],
        command: (body) => camelKeys(pick(body, CREATE_ACTIVITY_FIELDS)),
        useCase: uc.create,
      }),
      activities.get({
        id: 'getActivity',
        summary: 'Read one activity',
        success: 'The activity.',
        errors: [404],
        useCase: uc.get,
      }),
      activities.update({
        id: 'updateActivity',
        summary: 'Change the fields sent (`is_completed` reopens or completes it)',
        description:
          '`created_by` cannot change and is ignored; a body with no other field is 400. A `client_id` or `deal_id` ' +
          "sent must be the team's (404 naming the field otherwise).",
        body: {
          schema: updateActivitySchema,
          example: { title: 'Reunião de alinhamento com a Padaria Pão Quente', type: 'meeting', duration_minutes: 45, is_completed: true },
        },
        success: 'The activity after the change.',
        errors: [400, 404],
        changes: (body) => changesOf(body, UPDATABLE_ACTIVITY_FIELDS),
        useCase: uc.update,
      }),
      activities.delete({
        id: 'completeActivity',
        summary: 'Mark an activity completed (it is kept, not removed)',
        description:
          'DELETE does not remove the activity: it sets `is_completed` to true and answers `{ id, is_completed, completed_at }`, ' +
          "where `completed_at` equals the activity's `updated_at`. An activity already completed is left as it is.",
        success: { description: 'The activity completed.', data: activityCompletionSchema, name: 'ActivityCompletion' },
        errors: [404],
        useCase: uc.complete,
        present: presentCompletion,
      }),
    ],
  };
}
