import { Campaign, CampaignChanges } from '../../domain/campaigns/campaign';
import { CampaignRepository, CampaignView } from '../../domain/campaigns/campaign-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface UpdateCampaignCommand {
  id: string;
  changes: CampaignChanges;
}

/** PUT /campaigns/:id; `campaign.updated`, with the previous values of what changed, goes to the log in the same transaction. */
export class UpdateCampaign {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly campaigns: CampaignRepository,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: UpdateCampaignCommand): Promise<CampaignView> {
    const now = this.clock.now();
    const updated = await this.uow.run(async () => {
      await this.campaigns.lock(team, command.id);
      const found = await this.campaigns.findById(team, command.id);
      if (!found) throw new NotFound('Campaign not found');
      const campaign = Campaign.restore(found.campaign);
      campaign.update(command.changes, now);
      const data = campaign.snapshot();
      await this.campaigns.update(data);
      const view: CampaignView = { campaign: data, project: found.project };
      await this.events.append(team, [this.events.draft('campaign.updated', 'campaign', data.id, view, found)], now);
      return view;
    });
    this.trigger.kick();
    return updated;
  }
}
