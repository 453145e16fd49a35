import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Task } from '../../domain/tasks/task';
import { TaskRepository } from '../../domain/tasks/task-repository';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface DeleteTaskCommand {
  id: string;
}

export interface DeletedTask {
  id: string;
  deletedAt: string;
}

/**
 * Soft delete: the task leaves lists and reads; only an operator can bring it back. `task.deleted`, with the task
 * as GET showed it before, goes to the log in the same transaction.
 */
export class DeleteTask {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tasks: TaskRepository,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: DeleteTaskCommand): Promise<DeletedTask> {
    const now = this.clock.now();
    const deleted = await this.uow.run(async () => {
      await this.tasks.lock(team, command.id);
      const found = await this.tasks.findById(team, command.id);
      if (!found) throw new NotFound('Task not found');
      const task = Task.restore(found);
      const deleted = task.delete(now);
      await this.tasks.update(task.snapshot());
      await this.events.append(team, [this.events.draft('task.deleted', 'task', found.id, found)], now);
      return deleted;
    });
    this.trigger.kick();
    return deleted;
  }
}
