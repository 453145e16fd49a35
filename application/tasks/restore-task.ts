import { asOperator } from '../../domain/shared/team';
import { NotFound } from '../../domain/shared/errors';
import { Task, TaskData } from '../../domain/tasks/task';
import { TaskRepository } from '../../domain/tasks/task-repository';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog, whenChanged } from '../events/event-log';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface RestoreTaskCommand {
  id: string;
}

/**
 * The operator's restore (the API has no restore route), so it names only the task: the team is the
 * task's own. An active task is returned unchanged. Logged as `task.updated` (`deleted_at` cleared) in the same
 * transaction; restoring an active task changes nothing and logs nothing.
 */
export class RestoreTask {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tasks: TaskRepository,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(command: RestoreTaskCommand): Promise<TaskData> {
    const now = this.clock.now();
    const { data, changed } = await this.uow.run(async () => {
      const owner = await this.tasks.findTeamOf(command.id);
      const team = owner && asOperator(owner);
      if (team) await this.tasks.lock(team, command.id);
      const found = team && (await this.tasks.findById(team, command.id));
      if (!team || !found) throw new NotFound('Task not found');
      const task = Task.restore(found);
      task.restoreDeleted(now);
      const data = task.snapshot();
      await this.tasks.update(data);
      const raised = await this.events.append(team, whenChanged(this.events.draft('task.updated', 'task', data.id, data, found)), now);
      const changed = raised.length > 0;
      return { data, changed };
    });
    if (changed) this.trigger.kick();
    return data;
  }
}
