import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { TASK_PRIORITIES, TaskData, isTaskPriority } from '../../domain/tasks/task';
import { requireTaskSortField, TaskFilter, TaskRepository, TaskSortField } from '../../domain/tasks/task-repository';

export interface ListTasksCommand extends Omit<TaskFilter, 'priority'> {
  query: ListQuery<TaskSortField>;
  /** One of the task priorities; anything else is refused. */
  priority?: string;
}

export class ListTasks {
  constructor(
    private readonly tasks: TaskRepository,
    private readonly projects: ProjectRepository,
    private readonly pipelines: PipelineRepository,
  ) {}

  /** Active tasks only. A project or pipeline filter must name one of the team's. */
  async execute(team: TeamContext, command: ListTasksCommand): Promise<Page<TaskData>> {
    const { query, priority, ...filter } = command;
    const { projectId, pipelineId } = filter;
    requireTaskSortField(query.sort.field);
    if (priority !== undefined && !isTaskPriority(priority)) {
      throw new ValidationFailed(`priority must be one of ${TASK_PRIORITIES.join(', ')}`, 'priority');
    }
    if (projectId && !(await this.projects.findById(team, projectId))) {
      throw new NotFound('Project not found', 'project_id');
    }
    if (pipelineId && !(await this.pipelines.findById(team, pipelineId))) {
      throw new NotFound('Pipeline not found', 'pipeline_id');
    }
    return this.tasks.listActive(
      team,
      { ...filter, priority, column: filter.column || undefined },
      { ...query, search: query.search || undefined },
    );
  }
}
