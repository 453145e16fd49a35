import { NotFound } from '../../domain/shared/errors';
import { Task, TaskData } from '../../domain/tasks/task';
import { TaskRepository } from '../../domain/tasks/task-repository';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface RestoreTaskCommand {
  id: string;
}

/**
 * The operator's restore (the API has no restore route), so it names only the task: the team is the
 * task's own. An active task is returned unchanged.
 */
export class RestoreTask {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tasks: TaskRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: RestoreTaskCommand): Promise<TaskData> {
    return this.uow.run(async () => {
      const team = await this.tasks.findTeamOf(command.id);
      if (team) await this.tasks.lock(team, command.id);
      const found = team && (await this.tasks.findById(team, command.id));
      if (!found) throw new NotFound('Task not found');
      const task = Task.restore(found);
      task.restoreDeleted(this.clock.now());
      const data = task.snapshot();
      await this.tasks.update(data);
      return data;
    });
  }
}
