import { taskCommands } from '../../adapters/cli/tasks/task-commands';
import { taskRoutes } from '../../adapters/http/tasks/task-routes';
import { KnexTaskRepository } from '../../adapters/persistence/knex/tasks/knex-task-repository';
import { MemoryTaskRepository } from '../../adapters/persistence/memory/tasks/memory-task-repository';
import { Clock } from '../../application/shared/clock';
import { IdGenerator } from '../../application/shared/id-generator';
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { CreateTask } from '../../application/tasks/create-task';
import { DeleteTask } from '../../application/tasks/delete-task';
import { GetTask } from '../../application/tasks/get-task';
import { ListTasks } from '../../application/tasks/list-tasks';
import { RestoreTask } from '../../application/tasks/restore-task';
import { UpdateTask } from '../../application/tasks/update-task';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { TaskRepository } from '../../domain/tasks/task-repository';
import { BoundedContext, byStorage } from '../context';
import { TOKENS } from '../tokens';
import { PROJECT_TOKENS } from './projects';

export const TASK_TOKENS = {
  TaskRepository: Symbol.for('TaskRepository'),
} as const;

export const tasksContext: BoundedContext = {
  name: 'tasks',
  bind(c, storage) {
    const repo = TASK_TOKENS.TaskRepository;
    const { ProjectRepository: projects, PipelineRepository: pipelines } = PROJECT_TOKENS;
    c.bind<TaskRepository>(repo).toDynamicValue((ctx) =>
      byStorage<TaskRepository>(storage, () => new MemoryTaskRepository(ctx.get(TOKENS.MemoryStore)), () => new KnexTaskRepository(ctx.get(TOKENS.KnexDatabase)))).inSingletonScope();
    c.bind(ListTasks).toResolvedValue((r: TaskRepository, p: ProjectRepository, pl: PipelineRepository) => new ListTasks(r, p, pl),
      [repo, projects, pipelines]).inSingletonScope();
    c.bind(GetTask).toResolvedValue((r: TaskRepository) => new GetTask(r), [repo]).inSingletonScope();
    c.bind(CreateTask).toResolvedValue(
      (u: UnitOfWork, r: TaskRepository, p: ProjectRepository, pl: PipelineRepository, i: IdGenerator, cl: Clock) => new CreateTask(u, r, p, pl, i, cl),
      [TOKENS.UnitOfWork, repo, projects, pipelines, TOKENS.IdGenerator, TOKENS.Clock]).inSingletonScope();
    c.bind(UpdateTask).toResolvedValue((u: UnitOfWork, r: TaskRepository, pl: PipelineRepository, cl: Clock) => new UpdateTask(u, r, pl, cl),
      [TOKENS.UnitOfWork, repo, pipelines, TOKENS.Clock]).inSingletonScope();
    c.bind(DeleteTask).toResolvedValue((u: UnitOfWork, r: TaskRepository, cl: Clock) => new DeleteTask(u, r, cl),
      [TOKENS.UnitOfWork, repo, TOKENS.Clock]).inSingletonScope();
    c.bind(RestoreTask).toResolvedValue((u: UnitOfWork, r: TaskRepository, cl: Clock) => new RestoreTask(u, r, cl),
      [TOKENS.UnitOfWork, repo, TOKENS.Clock]).inSingletonScope();
  },
  routes: (c) => taskRoutes({
    list: c.get(ListTasks), create: c.get(CreateTask), get: c.get(GetTask), update: c.get(UpdateTask), delete: c.get(DeleteTask),
  }),
  commands: (c) => taskCommands(() => ({ restore: c.get(RestoreTask) })),
  async seedDemo(c, team) {
    const internal = await c.get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository).findInternal(team);
    if (!internal) return;
    const create = c.get(CreateTask);
    await create.execute(team, { title: 'Revisar o briefing do site', projectId: internal.id, priority: 'high', tags: ['site'] });
    await create.execute(team, { title: 'Planejar calendário editorial', projectId: internal.id, description: 'Pautas do próximo mês' });
  },
};
