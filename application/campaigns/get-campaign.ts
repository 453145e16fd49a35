import { CampaignRepository, CampaignView } from '../../domain/campaigns/campaign-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';

export interface GetCampaignCommand {
  id: string;
}

export class GetCampaign {
  constructor(private readonly campaigns: CampaignRepository) {}

  async execute(team: TeamContext, command: GetCampaignCommand): Promise<CampaignView> {
    const found = await this.campaigns.findById(team, command.id);
    if (!found) throw new NotFound('Campaign not found');
    return found;
  }
}
