import { Workflow, WorkflowData } from '../../domain/deals/workflow';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { WorkflowRepository } from '../../domain/deals/workflow-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { TeamRepository } from '../../domain/teams/team-repository';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { requireTeam } from '../shared/operator-team';

export interface CreateWorkflowCommand {
  event: string;
  action: string;
  config: unknown;
}

/** `workspace-admin workflow create`: the operator sets up a team's automation. */
export class CreateWorkflow {
  constructor(
    private readonly workflows: WorkflowRepository,
    private readonly teams: TeamRepository,
    private readonly projects: ProjectRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: CreateWorkflowCommand): Promise<WorkflowData> {
    await requireTeam(this.teams, team);
    const data = Workflow.create(this.ids.next(), team.teamId, command, this.clock.now()).snapshot();
    // The tasks it creates go to this project: it must be the team's own, like every id a team sends.
    const projectId = data.config.project_id;
    if (typeof projectId === 'string' && !(await this.projects.findById(team, projectId))) {
      throw new NotFound('config.project_id names no project of this team', 'config.project_id');
    }
    await this.workflows.insert(data);
    return data;
  }
}
