import { WorkflowData } from '../../domain/deals/workflow';
import { WorkflowRepository } from '../../domain/deals/workflow-repository';
import { CursorCommand, CursorPage } from '../../domain/shared/keyset';
import { TeamContext } from '../../domain/shared/team';
import { TeamRepository } from '../../domain/teams/team-repository';
import { teamPage } from '../shared/operator-team';

export type ListWorkflowsCommand = CursorCommand;

/** `workspace-admin workflow list`: the team's workflows (deleted ones aside), newest first, a page at a time. */
export class ListWorkflows {
  constructor(
    private readonly workflows: WorkflowRepository,
    private readonly teams: TeamRepository,
  ) {}

  async execute(team: TeamContext, command: ListWorkflowsCommand): Promise<CursorPage<WorkflowData>> {
    return teamPage(this.teams, team, command, (query) => this.workflows.list(team, query));
  }
}
