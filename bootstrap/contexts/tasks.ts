import { taskCommands } from '../../adapters/cli/tasks/task-commands';
import { taskRoutes } from '../../adapters/http/tasks/task-routes';
import { KnexTaskRepository } from '../../adapters/persistence/knex/tasks/knex-task-repository';
import { MemoryTaskRepository } from '../../adapters/persistence/memory/tasks/memory-task-repository';
import { Clock } from '../../application/shared/clock';
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { CreateTask } from '../../application/tasks/create-task';
import { DeleteTask } from '../../application/tasks/delete-task';
import { GetTask } from '../../application/tasks/get-task';
import { ListTasks } from '../../application/tasks/list-tasks';
import { RestoreTask } from '../../application/tasks/restore-task';
import { UpdateTask } from '../../application/tasks/update-task';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { TaskRepository } from '../../domain/tasks/task-repository';
import { BoundedContext, byStorage } from '../context';
import { TOKENS } from '../tokens';

export const TASK_TOKENS = {
  TaskRepository: Symbol.for('TaskRepository'),
} as const;

/** Read-only ports of other contexts that tasks, campaigns and activities look up (same symbols as their owners'). */
export const FOREIGN_TOKENS = {
  ProjectRepository: Symbol.for('ProjectRepository'),
  PipelineRepository: Symbol.for('PipelineRepository'),
  DealRepository: Symbol.for('DealRepository'),
} as const;

/**
 * Another context's port, resolved on first call rather than at wiring: the app still builds (and
 * the other contexts still serve) while the owning context is not wired in.
 */
export const foreignPort = <T extends object>(c: { get<U>(id: symbol): U }, token: symbol): T => {
  let port: T | undefined;
  return new Proxy({} as T, {
    get: (_target, prop) => {
      port ??= c.get<T>(token);
      const value = (port as Record<string | symbol, unknown>)[prop];
      return typeof value === 'function' ? value.bind(port) : value;
    },
  });
};

export const tasksContext: BoundedContext = {
  name: 'tasks',
  bind(c, storage) {
    const repo = TASK_TOKENS.TaskRepository;
    const { ProjectRepository: projects, PipelineRepository: pipelines } = FOREIGN_TOKENS;
    c.bind<TaskRepository>(repo).toDynamicValue((ctx) =>
      byStorage<TaskRepository>(storage, () => new MemoryTaskRepository(ctx.get(TOKENS.MemoryStore)), () => new KnexTaskRepository(ctx.get(TOKENS.KnexDatabase)))).inSingletonScope();
    c.bind(ListTasks).toDynamicValue((ctx) =>
      new ListTasks(ctx.get(repo), foreignPort(ctx, projects), foreignPort(ctx, pipelines))).inSingletonScope();
    c.bind(GetTask).toResolvedValue((r: TaskRepository) => new GetTask(r), [repo]).inSingletonScope();
    c.bind(CreateTask).toDynamicValue((ctx) => new CreateTask(
      ctx.get(TOKENS.UnitOfWork), ctx.get(repo), foreignPort(ctx, projects), foreignPort(ctx, pipelines), ctx.get(TOKENS.IdGenerator),
      ctx.get(TOKENS.Clock))).inSingletonScope();
    c.bind(UpdateTask).toDynamicValue((ctx) =>
      new UpdateTask(ctx.get(TOKENS.UnitOfWork), ctx.get(repo), foreignPort(ctx, pipelines), ctx.get(TOKENS.Clock))).inSingletonScope();
    c.bind(DeleteTask).toResolvedValue((u: UnitOfWork, r: TaskRepository, cl: Clock) => new DeleteTask(u, r, cl),
      [TOKENS.UnitOfWork, repo, TOKENS.Clock]).inSingletonScope();
    c.bind(RestoreTask).toResolvedValue((u: UnitOfWork, r: TaskRepository, cl: Clock) => new RestoreTask(u, r, cl),
      [TOKENS.UnitOfWork, repo, TOKENS.Clock]).inSingletonScope();
  },
  routes: (c) => taskRoutes({
    list: c.get(ListTasks), create: c.get(CreateTask), get: c.get(GetTask), update: c.get(UpdateTask), delete: c.get(DeleteTask),
  }),
  commands: (c) => taskCommands({ restore: c.get(RestoreTask) }),
  async seedDemo(c, team) {
    const internal = await c.get<ProjectRepository>(FOREIGN_TOKENS.ProjectRepository).findInternal(team);
    if (!internal) return;
    const create = c.get(CreateTask);
    await create.execute(team, { title: 'Revisar o briefing do site', project_id: internal.id, priority: 'high', tags: ['site'] });
    await create.execute(team, { title: 'Planejar calendário editorial', project_id: internal.id, description: 'Pautas do próximo mês' });
  },
};
