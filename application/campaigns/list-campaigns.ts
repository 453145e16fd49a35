import { campaignStatusFilter } from '../../domain/campaigns/campaign';
import { CampaignRepository, CampaignSortField, CampaignView } from '../../domain/campaigns/campaign-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';

export interface ListCampaignsCommand {
  /** As sent: `archived` applies no filter (see `campaignStatusFilter`). */
  status?: string;
  projectId?: string;
  /** An unlisted sort field has already fallen back to `created_at` (see `campaignSort`). */
  query: ListQuery<CampaignSortField>;
}

export class ListCampaigns {
  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly projects: ProjectRepository,
  ) {}

  async execute(team: TeamContext, command: ListCampaignsCommand): Promise<Page<CampaignView>> {
    const status = campaignStatusFilter(command.status);
    if (command.projectId && !(await this.projects.findById(team, command.projectId))) {
      throw new NotFound('Project not found', 'project_id');
    }
    const query: ListQuery<CampaignSortField> = { ...command.query, search: command.query.search || undefined };
    return this.campaigns.list(team, { status, projectId: command.projectId }, query);
  }
}
