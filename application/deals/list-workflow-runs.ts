import { WorkflowRunData } from '../../domain/deals/workflow';
import { WorkflowRunRepository } from '../../domain/deals/workflow-repository';
import { TeamContext } from '../../domain/shared/team';

/** `workspace-admin workflow runs`: the team's runs, newest first. */
export class ListWorkflowRuns {
  constructor(private readonly runs: WorkflowRunRepository) {}

  execute(team: TeamContext, input: { limit?: number } = {}): Promise<WorkflowRunData[]> {
    return this.runs.list(team, input.limit ?? 100);
  }
}
