import Router from '@koa/router';
import { CreateTask, CreateTaskInput } from '../../../application/tasks/create-task';
import { DeleteTask } from '../../../application/tasks/delete-task';
import { GetTask } from '../../../application/tasks/get-task';
import { ListTasks } from '../../../application/tasks/list-tasks';
import { UpdateTask, UpdateTaskInput } from '../../../application/tasks/update-task';
import { TASK_SORT_FIELDS } from '../../../domain/tasks/task-repository';
import { RouteModule } from '../app';
import { many, one } from '../shared/envelope';
import { Ctx, listQuery, pathId, queryUuid, queryValue, teamOf } from '../shared/params';
import { requireSomeField, validator } from '../shared/validation';
import { CREATE_TASK_FIELDS, UPDATABLE_TASK_FIELDS, createTaskSchema, updateTaskSchema } from './task-schemas';
import { presentTask } from './present-task';

export interface TaskUseCases {
  list: ListTasks;
  create: CreateTask;
  get: GetTask;
  update: UpdateTask;
  delete: DeleteTask;
}

/** Only the listed fields reach a use case (null included); anything else in a body is ignored. */
const pick = <T>(body: Record<string, unknown>, fields: readonly string[]): T =>
  Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]])) as T;

export function taskRoutes(uc: TaskUseCases): RouteModule {
  const checkCreate = validator<Record<string, unknown>>(createTaskSchema);
  const checkUpdate = validator<Record<string, unknown>>(updateTaskSchema);
  const router = new Router();

  router.get('/tasks', async (ctx: Ctx) => {
    const { page, limit, search } = listQuery(ctx, { sortable: TASK_SORT_FIELDS });
    const input = {
      page, limit, search, sort: queryValue(ctx, 'sort'), project_id: queryUuid(ctx, 'project_id'),
      pipeline_id: queryUuid(ctx, 'pipeline_id'), assignee_id: queryUuid(ctx, 'assignee_id'),
      priority: queryValue(ctx, 'priority'), column: queryValue(ctx, 'column'),
    };
    ctx.body = many(await uc.list.execute(teamOf(ctx), input), { page, limit }, presentTask);
  });

  router.post('/tasks', async (ctx: Ctx) => {
    const input = pick<CreateTaskInput>(checkCreate(ctx.request.body), CREATE_TASK_FIELDS);
    ctx.status = 201;
    ctx.body = one(presentTask(await uc.create.execute(teamOf(ctx), input)));
  });

  router.get('/tasks/:id', async (ctx: Ctx) => {
    ctx.body = one(presentTask(await uc.get.execute(teamOf(ctx), pathId(ctx))));
  });

  router.put('/tasks/:id', async (ctx: Ctx) => {
    const id = pathId(ctx);
    const changes = pick<UpdateTaskInput>(checkUpdate(ctx.request.body), UPDATABLE_TASK_FIELDS);
    requireSomeField(changes as Record<string, unknown>, UPDATABLE_TASK_FIELDS);
    ctx.body = one(presentTask(await uc.update.execute(teamOf(ctx), id, changes)));
  });

  router.delete('/tasks/:id', async (ctx: Ctx) => {
    ctx.body = one(await uc.delete.execute(teamOf(ctx), pathId(ctx)));
  });

  return { keyed: router };
}
