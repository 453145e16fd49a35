import { Campaign, CampaignChanges } from '../../domain/campaigns/campaign';
import { CampaignRepository, CampaignView } from '../../domain/campaigns/campaign-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';

/** A campaign always belongs to one of the team's projects. */
export type CreateCampaignCommand = CampaignChanges & { name: string; projectId: string };

/** POST /campaigns; `campaign.created` goes to the log in the same transaction. */
export class CreateCampaign {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly campaigns: CampaignRepository,
    private readonly projects: ProjectRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: CreateCampaignCommand): Promise<CampaignView> {
    const { projectId, ...changes } = command;
    // The entity first: a refused status fails the same way whether or not the project exists.
    const now = this.clock.now();
    const campaign = Campaign.create(this.ids.next(), team.teamId, projectId, changes, null, now);
    const created = await this.uow.run(async () => {
      const project = await this.projects.findById(team, projectId);
      if (!project) throw new NotFound('Project not found', 'project_id');
      const data = campaign.snapshot();
      await this.campaigns.insert(data);
      const view: CampaignView = { campaign: data, project: { id: project.id, name: project.name } };
      await this.events.append(team, [this.events.draft('campaign.created', 'campaign', data.id, view)], now);
      return view;
    });
    this.trigger.kick();
    return created;
  }
}
