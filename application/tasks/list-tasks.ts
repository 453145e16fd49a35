import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { TASK_PRIORITIES, TaskData, isTaskPriority } from '../../domain/tasks/task';
import { TaskRepository, TaskSortField, taskSort } from '../../domain/tasks/task-repository';

export interface ListTasksInput {
  page: number;
  limit: number;
  sort?: string;
  search?: string;
  project_id?: string;
  pipeline_id?: string;
  assignee_id?: string;
  priority?: string;
  column?: string;
}

export class ListTasks {
  constructor(
    private readonly tasks: TaskRepository,
    private readonly projects: ProjectRepository,
    private readonly pipelines: PipelineRepository,
  ) {}

  /** Active tasks only. A project or pipeline filter must name one of the team's. */
  async execute(team: TeamContext, input: ListTasksInput): Promise<Page<TaskData>> {
    const sort = taskSort(input.sort);
    if (input.priority !== undefined && !isTaskPriority(input.priority)) {
      throw new ValidationFailed(`priority must be one of ${TASK_PRIORITIES.join(', ')}`, 'priority');
    }
    if (input.project_id && !(await this.projects.findById(team, input.project_id))) {
      throw new NotFound('Project not found', 'project_id');
    }
    if (input.pipeline_id && !(await this.pipelines.findById(team, input.pipeline_id))) {
      throw new NotFound('Pipeline not found', 'pipeline_id');
    }
    const query: ListQuery<TaskSortField> = { page: input.page, limit: input.limit, sort, search: input.search || undefined };
    return this.tasks.listActive(team, {
      projectId: input.project_id,
      pipelineId: input.pipeline_id,
      assigneeId: input.assignee_id,
      priority: input.priority,
      column: input.column || undefined,
    }, query);
  }
}
