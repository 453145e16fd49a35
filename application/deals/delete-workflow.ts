import { WorkflowRepository } from '../../domain/deals/workflow-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { isUuid } from '../../domain/shared/values';
import { TeamRepository } from '../../domain/teams/team-repository';
import { Clock } from '../shared/clock';
import { requireTeam } from '../shared/operator-team';
import { UnitOfWork } from '../shared/unit-of-work';

export interface DeleteWorkflowCommand {
  id: string;
}

/**
 * `workspace-admin workflow delete`: the workflow stops running and is no longer listed. Its row stays,
 * marked deleted, for the runs it made: `workflow runs` lists them as before (docs/decisions.md: Deleted
 * workflows). Another team's workflow, or one deleted already, is not found.
 */
export class DeleteWorkflow {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly workflows: WorkflowRepository,
    private readonly teams: TeamRepository,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: DeleteWorkflowCommand): Promise<{ id: string }> {
    await requireTeam(this.teams, team);
    const at = this.clock.now().toISOString();
    const deleted = isUuid(command.id) && (await this.uow.run(() => this.workflows.delete(team, command.id, at)));
    if (!deleted) throw new NotFound('Workflow not found', 'id');
    return { id: command.id };
  }
}
