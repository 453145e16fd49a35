import { Campaign, CampaignChanges } from '../../domain/campaigns/campaign';
import { CampaignRepository, CampaignView } from '../../domain/campaigns/campaign-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface UpdateCampaignCommand {
  id: string;
  changes: CampaignChanges;
}

export class UpdateCampaign {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly campaigns: CampaignRepository,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: UpdateCampaignCommand): Promise<CampaignView> {
    return this.uow.run(async () => {
      await this.campaigns.lock(team, command.id);
      const found = await this.campaigns.findById(team, command.id);
      if (!found) throw new NotFound('Campaign not found');
      const campaign = Campaign.restore(found.campaign);
      campaign.update(command.changes, this.clock.now());
      const data = campaign.snapshot();
      await this.campaigns.update(data);
      return { campaign: data, project: found.project };
    });
  }
}
