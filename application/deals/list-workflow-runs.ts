import { WorkflowRunData } from '../../domain/deals/workflow';
import { WorkflowRunRepository } from '../../domain/deals/workflow-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { isUuid } from '../../domain/shared/values';
import { TeamRepository } from '../../domain/teams/team-repository';

export interface ListWorkflowRunsCommand {
  /** At most this many runs (100 when absent). */
  limit?: number;
}

/** `workspace-admin workflow runs`: the team's runs, newest first. */
export class ListWorkflowRuns {
  constructor(
    private readonly runs: WorkflowRunRepository,
    private readonly teams: TeamRepository,
  ) {}

  async execute(team: TeamContext, command: ListWorkflowRunsCommand): Promise<WorkflowRunData[]> {
    if (!isUuid(team.teamId) || !(await this.teams.findById(team.teamId))) throw new NotFound('team not found', 'team');
    return this.runs.list(team, command.limit ?? 100);
  }
}
