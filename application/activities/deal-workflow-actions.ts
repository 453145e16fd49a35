import { WorkflowActions, WorkflowActivityRequest, WorkflowTaskRequest } from '../deals/workflow-actions';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { CreateTask } from '../tasks/create-task';
import { CreateActivity } from './create-activity';

/**
 * The deal workflows' effects, through the same use cases as POST /activities and POST /tasks, so a
 * workflow's activity or task obeys every rule an API client's does.
 */
export class DealWorkflowActions implements WorkflowActions {
  constructor(
    private readonly createActivityUseCase: CreateActivity,
    private readonly createTaskUseCase: CreateTask,
    private readonly projects: ProjectRepository,
  ) {}

  async createActivity(team: TeamContext, r: WorkflowActivityRequest): Promise<{ id: string }> {
    const activity = await this.createActivityUseCase.execute(team, {
      title: r.title,
      type: r.type,
      description: r.description,
      dealId: r.dealId,
      clientId: r.clientId,
    });
    return { id: activity.id };
  }

  /** A global deal has no project: its tasks go to the team's internal project. */
  async createTask(team: TeamContext, r: WorkflowTaskRequest): Promise<{ id: string }> {
    const projectId = r.projectId ?? (await this.projects.findInternal(team))?.id;
    if (!projectId) throw new NotFound('The team has no internal project for a task', 'project_id');
    const task = await this.createTaskUseCase.execute(team, {
      title: r.title,
      description: r.description,
      priority: r.priority,
      projectId,
    });
    return { id: task.id };
  }
}
