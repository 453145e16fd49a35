import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Task, TaskData } from '../../domain/tasks/task';
import { TaskRepository } from '../../domain/tasks/task-repository';

export interface GetTaskCommand {
  id: string;
}

export class GetTask {
  constructor(private readonly tasks: TaskRepository) {}

  /** A soft-deleted task answers like an unknown one. */
  async execute(team: TeamContext, command: GetTaskCommand): Promise<TaskData> {
    const found = await this.tasks.findById(team, command.id);
    if (!found) throw new NotFound('Task not found');
    Task.restore(found).assertActive();
    return found;
  }
}
