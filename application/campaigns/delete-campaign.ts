import { Campaign } from '../../domain/campaigns/campaign';
import { CampaignRepository } from '../../domain/campaigns/campaign-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';

export interface DeleteCampaignCommand {
  id: string;
}

/** DELETE /campaigns/:id: unknown is 404; an existing campaign refuses (see `Campaign.delete`). */
export class DeleteCampaign {
  constructor(private readonly campaigns: CampaignRepository) {}

  async execute(team: TeamContext, command: DeleteCampaignCommand): Promise<never> {
    const found = await this.campaigns.findById(team, command.id);
    if (!found) throw new NotFound('Campaign not found');
    return Campaign.restore(found.campaign).delete();
  }
}
