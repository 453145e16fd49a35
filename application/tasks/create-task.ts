import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Task, TaskChanges, TaskData } from '../../domain/tasks/task';
import { TaskRepository } from '../../domain/tasks/task-repository';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { placementIn, projectPipeline, requestedColumn } from './task-placement';

export type CreateTaskCommand = TaskChanges & {
  title: string;
  projectId: string;
  /** The project's default pipeline when absent or null. */
  pipelineId?: string | null;
  column?: string;
  /** An alias of `column`, which wins when both are given. */
  columnSlug?: string;
};

/** Used by POST /tasks and by the deal workflows' `create_task` action. */
export class CreateTask {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tasks: TaskRepository,
    private readonly projects: ProjectRepository,
    private readonly pipelines: PipelineRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: CreateTaskCommand): Promise<TaskData> {
    const { projectId, pipelineId, column: _c, columnSlug: _s, ...fields } = command;
    return this.uow.run(async () => {
      const project = await this.projects.findById(team, projectId);
      if (!project) throw new NotFound('Project not found', 'project_id');
      const pipeline = pipelineId
        ? await projectPipeline(this.pipelines, team, project.id, pipelineId)
        : await this.pipelines.findDefaultForProject(team, project.id);
      const placement = placementIn(pipeline, requestedColumn(command));
      const data = Task.create(this.ids.next(), team.teamId, project.id, placement, fields, this.clock.now()).snapshot();
      await this.tasks.insert(data);
      return data;
    });
  }
}
