import { CAMPAIGN_STATUSES } from '../../../domain/campaigns/campaign';
import { CampaignView } from '../../../domain/campaigns/campaign-repository';
import { exactObject, nullable, R } from '../shared/documented';
import { Schema } from '../shared/operation';

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

/** Any JSON value: object, array, string, number, boolean or null. */
export const anyJson = (description: string): Schema => ({ type: ['object', 'array', 'string', 'number', 'boolean', 'null'], description });

/** The documented shape of `presentCampaign`. */
export const campaignSchema = exactObject({
  id: R.uuid,
  name: R.string,
  description: R.nullableString,
  status: R.enumOf(CAMPAIGN_STATUSES),
  approval_status: { ...R.string, description: 'Read-only; `pending` on creation.' },
  start_date: R.nullableDate,
  end_date: R.nullableDate,
  content_pillars: { type: 'array', description: 'Free-form list, as sent.' },
  target_platforms: { type: 'array', description: 'Free-form list, as sent.' },
  goals: anyJson('Free-form JSON, as sent; `{}` unless given on creation.'),
  project_id: R.uuid,
  project: nullable(exactObject({ id: R.uuid, name: R.string }, "The campaign's project.")),
  created_by: R.nullableUuid,
  created_at: R.dateTime,
  updated_at: R.dateTime,
});
