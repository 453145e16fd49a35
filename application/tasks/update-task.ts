import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Task, TaskChanges, TaskData, TaskPlacement } from '../../domain/tasks/task';
import { TaskRepository } from '../../domain/tasks/task-repository';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { placementIn, projectPipeline, requestedColumn } from './task-placement';

/** No project here: a task never changes project. */
export type UpdateTaskChanges = TaskChanges & {
  /** null takes the task off any pipeline. */
  pipelineId?: string | null;
  column?: string;
  /** An alias of `column`, which wins when both are given. */
  columnSlug?: string;
};

export interface UpdateTaskCommand {
  id: string;
  changes: UpdateTaskChanges;
}

/** PUT /tasks/:id; `task.updated`, with the previous values of what changed, goes to the log in the same transaction. */
export class UpdateTask {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tasks: TaskRepository,
    private readonly pipelines: PipelineRepository,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: UpdateTaskCommand): Promise<TaskData> {
    const { id, changes } = command;
    const { pipelineId: _p, column: _c, columnSlug: _s, ...fields } = changes;
    const now = this.clock.now();
    const updated = await this.uow.run(async () => {
      await this.tasks.lock(team, id);
      const found = await this.tasks.findById(team, id);
      if (!found) throw new NotFound('Task not found');
      const task = Task.restore(found);
      task.assertActive();
      task.update(fields, await this.placement(team, found, changes), now);
      const data = task.snapshot();
      await this.tasks.update(data);
      await this.events.append(team, [this.events.draft('task.updated', 'task', id, data, found)], now);
      return data;
    });
    this.trigger.kick();
    return updated;
  }

  /**
   * A new pipeline without a column puts the task in that pipeline's first column; a column alone
   * moves it within its current pipeline.
   */
  private async placement(team: TeamContext, current: TaskData, changes: UpdateTaskChanges): Promise<TaskPlacement | undefined> {
    const column = requestedColumn(changes);
    const { pipelineId } = changes;
    if (pipelineId === undefined) {
      return column === undefined ? undefined : { pipelineId: current.pipelineId, column };
    }
    if (pipelineId === null) return { pipelineId: null, column: column ?? current.column };
    if (pipelineId === current.pipelineId) return { pipelineId: current.pipelineId, column: column ?? current.column };
    const pipeline = await projectPipeline(this.pipelines, team, current.projectId, pipelineId);
    return placementIn(pipeline, column);
  }
}
