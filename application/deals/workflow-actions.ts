import { TeamContext } from '../../domain/shared/team';

/** What a `create_activity` workflow asks for: an activity linked to the deal (and its client). */
export interface WorkflowActivityRequest {
  title: string;
  type?: string;
  description?: string;
  dealId: string;
  clientId: string | null;
}

/** What a `create_task` workflow asks for. `projectId` null means the team's internal project. */
export interface WorkflowTaskRequest {
  title: string;
  description?: string;
  priority?: string;
  projectId: string | null;
  dealId: string;
}

/**
 * The effects a workflow may have, implemented over the activities and tasks use cases. The
 * dispatcher calls them inside a unit of work, so an adapter whose writes join it records the
 * run and the effect together.
 */
export interface WorkflowActions {
  createActivity(team: TeamContext, request: WorkflowActivityRequest): Promise<{ id: string }>;
  createTask(team: TeamContext, request: WorkflowTaskRequest): Promise<{ id: string }>;
}
