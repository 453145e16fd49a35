import { WorkflowRunData } from '../../domain/deals/workflow';
import { WorkflowRunRepository } from '../../domain/deals/workflow-repository';
import { NotFound } from '../../domain/shared/errors';
import { CursorCommand, CursorPage, cursorPageOf, keysetQueryOf } from '../../domain/shared/keyset';
import { TeamContext } from '../../domain/shared/team';
import { isUuid } from '../../domain/shared/values';
import { TeamRepository } from '../../domain/teams/team-repository';

export type ListWorkflowRunsCommand = CursorCommand;

/** `workspace-admin workflow runs`: the team's runs, newest first, a page at a time. */
export class ListWorkflowRuns {
  constructor(
    private readonly runs: WorkflowRunRepository,
    private readonly teams: TeamRepository,
  ) {}

  async execute(team: TeamContext, command: ListWorkflowRunsCommand): Promise<CursorPage<WorkflowRunData>> {
    const query = keysetQueryOf(command);
    if (!isUuid(team.teamId) || !(await this.teams.findById(team.teamId))) throw new NotFound('team not found', 'team');
    return cursorPageOf(await this.runs.list(team, query));
  }
}
