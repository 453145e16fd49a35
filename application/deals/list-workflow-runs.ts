import { WorkflowRunData } from '../../domain/deals/workflow';
import { WorkflowRunRepository } from '../../domain/deals/workflow-repository';
import { CursorCommand, CursorPage } from '../../domain/shared/keyset';
import { TeamContext } from '../../domain/shared/team';
import { TeamRepository } from '../../domain/teams/team-repository';
import { teamPage } from '../shared/operator-team';

export type ListWorkflowRunsCommand = CursorCommand;

/** `workspace-admin workflow runs`: the team's runs, newest first, a page at a time. */
export class ListWorkflowRuns {
  constructor(
    private readonly runs: WorkflowRunRepository,
    private readonly teams: TeamRepository,
  ) {}

  async execute(team: TeamContext, command: ListWorkflowRunsCommand): Promise<CursorPage<WorkflowRunData>> {
    return teamPage(this.teams, team, command, (query) => this.runs.list(team, query));
  }
}
