import { ContainerModule } from 'inversify';
import { CliCommand } from '../../adapters/cli/cli';
import { taskCommands } from '../../adapters/cli/tasks/task-commands';
import { RouteModule } from '../../adapters/http/app';
import { CreateTask } from '../../application/tasks/create-task';
import { DeleteTask } from '../../application/tasks/delete-task';
import { GetTask } from '../../application/tasks/get-task';
import { ListTasks } from '../../application/tasks/list-tasks';
import { RestoreTask } from '../../application/tasks/restore-task';
import { UpdateTask } from '../../application/tasks/update-task';
import { EventLog } from '../../application/events/event-log';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { onFirstCall, wiring } from '../binding';
import { DemoSeed, TOKENS } from '../tokens';
import { EVENT_TOKENS, PROJECT_TOKENS, TASK_TOKENS } from './tokens';

export { TASK_TOKENS };

// Loaded when the HTTP app asks for the routes, never by a command of the CLI (`onFirstCall`).
/* eslint-disable @typescript-eslint/no-require-imports */
const taskRoutes = onFirstCall(
  () => (require('../../adapters/http/tasks/task-routes') as typeof import('../../adapters/http/tasks/task-routes')).taskRoutes,
);
/* eslint-enable @typescript-eslint/no-require-imports */

export const tasksContext = new ContainerModule(({ bind }) => {
  const { singleton, services, later } = wiring(bind);
  const repo = TASK_TOKENS.TaskRepository;
  const { ProjectRepository: projects, PipelineRepository: pipelines } = PROJECT_TOKENS;
  singleton(ListTasks, [repo, projects, pipelines]);
  singleton(GetTask, [repo]);
  const trigger = EVENT_TOKENS.DispatchTrigger;
  singleton(CreateTask, [TOKENS.UnitOfWork, repo, projects, pipelines, TOKENS.IdGenerator, TOKENS.Clock, EventLog, trigger]);
  singleton(UpdateTask, [TOKENS.UnitOfWork, repo, pipelines, TOKENS.Clock, EventLog, trigger]);
  singleton(DeleteTask, [TOKENS.UnitOfWork, repo, TOKENS.Clock, EventLog, trigger]);
  singleton(RestoreTask, [TOKENS.UnitOfWork, repo, TOKENS.Clock, EventLog, trigger]);

  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(taskRoutes, [
    services({
      list: ListTasks,
      create: CreateTask,
      get: GetTask,
      update: UpdateTask,
      delete: DeleteTask,
    }),
  ]);
  bind<CliCommand[]>(TOKENS.CliCommands).toResolvedValue(taskCommands, [later(services({ restore: RestoreTask }))]);
  bind<DemoSeed>(TOKENS.DemoSeed).toResolvedValue(
    (projectRepository: ProjectRepository, create: CreateTask): DemoSeed =>
      async (team) => {
        const internal = await projectRepository.findInternal(team);
        if (!internal) return;
        await create.execute(team, { title: 'Revisar o briefing do site', projectId: internal.id, priority: 'high', tags: ['site'] });
        await create.execute(team, {
          title: 'Planejar calendário editorial',
          projectId: internal.id,
          description: 'Pautas do próximo mês',
        });
      },
    [projects, CreateTask],
  );
});
