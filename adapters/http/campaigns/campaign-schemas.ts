import { S } from '../shared/validation';

// `status` is checked by the domain, which tells a refused status (500) from an unknown one (400);
// `goals` takes any JSON.
const fields = {
  name: S.string,
  description: S.nullableString,
  status: S.string,
  start_date: S.nullableDate,
  end_date: S.nullableDate,
  content_pillars: { type: 'array' },
  target_platforms: { type: 'array' },
};

export const CREATE_CAMPAIGN_FIELDS = ['name', 'project_id', ...Object.keys(fields), 'goals'] as const;
export const UPDATABLE_CAMPAIGN_FIELDS = [...Object.keys(fields), 'goals'] as const;

export const createCampaignSchema = {
  type: 'object',
  required: ['name', 'project_id'],
  properties: { ...fields, project_id: S.uuid },
};

export const updateCampaignSchema = { type: 'object', properties: fields };
