import { campaignStatusFilter } from '../../domain/campaigns/campaign';
import { CampaignRepository, CampaignSortField, CampaignView, campaignSort } from '../../domain/campaigns/campaign-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';

/** The raw query: `status=archived` and an unlisted `sort` relax rather than fail. */
export interface ListCampaignsInput {
  page: number;
  limit: number;
  sort?: string;
  search?: string;
  status?: string;
  project_id?: string;
}

export class ListCampaigns {
  constructor(private readonly campaigns: CampaignRepository, private readonly projects: ProjectRepository) {}

  async execute(team: TeamContext, input: ListCampaignsInput): Promise<Page<CampaignView>> {
    const status = campaignStatusFilter(input.status);
    if (input.project_id && !(await this.projects.findById(team, input.project_id))) {
      throw new NotFound('Project not found', 'project_id');
    }
    const query: ListQuery<CampaignSortField> = {
      page: input.page, limit: input.limit, sort: campaignSort(input.sort), search: input.search || undefined,
    };
    return this.campaigns.list(team, { status, projectId: input.project_id }, query);
  }
}
