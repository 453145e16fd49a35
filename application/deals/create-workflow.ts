import { Workflow, WorkflowData } from '../../domain/deals/workflow';
import { WorkflowRepository } from '../../domain/deals/workflow-repository';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';

export interface CreateWorkflowInput {
  event: string;
  action: string;
  config: unknown;
}

/** `workspace-admin workflow create`: the operator sets up a team's automation. */
export class CreateWorkflow {
  constructor(
    private readonly workflows: WorkflowRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, input: CreateWorkflowInput): Promise<WorkflowData> {
    const data = Workflow.create(this.ids.next(), team.teamId, input, this.clock.now()).snapshot();
    await this.workflows.insert(data);
    return data;
  }
}
