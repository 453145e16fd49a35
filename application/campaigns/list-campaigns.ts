import { campaignStatusFilter } from '../../domain/campaigns/campaign';
import { CampaignFilter, CampaignRepository, CampaignSortField, CampaignView } from '../../domain/campaigns/campaign-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';

export interface ListCampaignsCommand extends Omit<CampaignFilter, 'status'> {
  /** As sent: `archived` applies no filter (see `campaignStatusFilter`). */
  status?: string;
  /** An unlisted sort field has already fallen back to `created_at` (see `campaignSort`). */
  query: ListQuery<CampaignSortField>;
}

export class ListCampaigns {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly projects: ProjectRepository,
  ) {}

  async execute(team: TeamContext, command: ListCampaignsCommand): Promise<Page<CampaignView>> {
    const { status, query, ...filter } = command;
    if (filter.projectId && !(await this.projects.findById(team, filter.projectId))) {
      throw new NotFound('Project not found', 'project_id');
    }
    const search = query.search || undefined;
    return this.campaigns.list(team, { ...filter, status: campaignStatusFilter(status) }, { ...query, search });
  }
}
