import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Task, TaskChanges, TaskData, TaskPlacement } from '../../domain/tasks/task';
import { TaskRepository } from '../../domain/tasks/task-repository';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { placementIn, projectPipeline, requestedColumn } from './task-placement';

/** `project_id` is not here: a task never changes project. */
export type UpdateTaskInput = TaskChanges & {
  pipeline_id?: string | null;
  column?: string;
  column_slug?: string;
};

export class UpdateTask {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tasks: TaskRepository,
    private readonly pipelines: PipelineRepository,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, id: string, input: UpdateTaskInput): Promise<TaskData> {
    return this.uow.run(async () => {
      const found = await this.tasks.findById(team, id);
      if (!found || found.deletedAt !== null) throw new NotFound('Task not found');
      const task = Task.restore(found);
      task.update(input, await this.placement(team, found, input), this.clock.now());
      const data = task.snapshot();
      await this.tasks.update(data);
      return data;
    });
  }

  /**
   * A new pipeline without a column puts the task in that pipeline's first column; a column alone
   * moves it within its current pipeline.
   */
  private async placement(team: TeamContext, current: TaskData, input: UpdateTaskInput): Promise<TaskPlacement | undefined> {
    const column = requestedColumn(input);
    if (input.pipeline_id === undefined) {
      return column === undefined ? undefined : { pipelineId: current.pipelineId, column };
    }
    if (input.pipeline_id === null) return { pipelineId: null, column: column ?? current.column };
    if (input.pipeline_id === current.pipelineId) return { pipelineId: current.pipelineId, column: column ?? current.column };
    const pipeline = await projectPipeline(this.pipelines, team, current.projectId, input.pipeline_id);
    return placementIn(pipeline, column);
  }
}
