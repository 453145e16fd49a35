import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Task, TaskChanges, TaskData } from '../../domain/tasks/task';
import { TaskRepository } from '../../domain/tasks/task-repository';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
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

/**
 * Used by POST /tasks and by the deal workflows' `create_task` action (inside the dispatcher's unit of work, which
 * its event joins). `task.created` goes to the log in the same transaction.
 */
export class CreateTask {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tasks: TaskRepository,
    private readonly projects: ProjectRepository,
    private readonly pipelines: PipelineRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: CreateTaskCommand): Promise<TaskData> {
    const { projectId, pipelineId, column: _c, columnSlug: _s, ...fields } = command;
    const now = this.clock.now();
    const created = await this.uow.run(async () => {
      const project = await this.projects.findById(team, projectId);
      if (!project) throw new NotFound('Project not found', 'project_id');
      const pipeline = pipelineId
        ? await projectPipeline(this.pipelines, team, project.id, pipelineId)
        : await this.pipelines.findDefaultForProject(team, project.id);
      const placement = placementIn(pipeline, requestedColumn(command));
      const data = Task.create(this.ids.next(), team.teamId, project.id, placement, fields, now).snapshot();
      await this.tasks.insert(data);
      await this.events.append(team, [this.events.draft('task.created', 'task', data.id, data)], now);
      return data;
    });
    this.trigger.kick();
    return created;
  }
}
