import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Task } from '../../domain/tasks/task';
import { TaskRepository } from '../../domain/tasks/task-repository';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface DeleteTaskCommand {
  id: string;
}

export interface DeletedTask {
  id: string;
  deletedAt: string;
}

/** Soft delete: the task leaves lists and reads; only an operator can bring it back. */
export class DeleteTask {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tasks: TaskRepository,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: DeleteTaskCommand): Promise<DeletedTask> {
    return this.uow.run(async () => {
      await this.tasks.lock(team, command.id);
      const found = await this.tasks.findById(team, command.id);
      if (!found) throw new NotFound('Task not found');
      const task = Task.restore(found);
      const deleted = task.delete(this.clock.now());
      await this.tasks.update(task.snapshot());
      return deleted;
    });
  }
}
