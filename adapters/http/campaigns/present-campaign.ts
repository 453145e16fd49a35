import { CampaignView } from '../../../domain/campaigns/campaign-repository';

/** The campaign as the spec shows it (2.3), with its project's `{ id, name }`; nothing else leaves. */
export const presentCampaign = ({ campaign: c, project }: CampaignView) => ({
  id: c.id,
  name: c.name,
  description: c.description,
  status: c.status,
  approval_status: c.approvalStatus,
  start_date: c.startDate,
  end_date: c.endDate,
  content_pillars: c.contentPillars,
  target_platforms: c.targetPlatforms,
  goals: c.goals,
  project_id: c.projectId,
  project: project ? { id: project.id, name: project.name } : null,
  created_by: c.createdBy,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});
