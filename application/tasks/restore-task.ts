import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Task, TaskData } from '../../domain/tasks/task';
import { TaskRepository } from '../../domain/tasks/task-repository';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

/** The operator's restore (the API has no restore route). An active task is returned unchanged. */
export class RestoreTask {
  constructor(private readonly uow: UnitOfWork, private readonly tasks: TaskRepository, private readonly clock: Clock) {}

  async execute(team: TeamContext, id: string): Promise<TaskData> {
    return this.uow.run(async () => {
      const found = await this.tasks.findById(team, id);
      if (!found) throw new NotFound('Task not found');
      const task = Task.restore(found);
      task.restoreDeleted(this.clock.now());
      const data = task.snapshot();
      await this.tasks.update(data);
      return data;
    });
  }
}
