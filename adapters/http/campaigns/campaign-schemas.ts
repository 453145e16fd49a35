import { CAMPAIGN_STATUSES, REFUSED_CAMPAIGN_STATUSES } from '../../../domain/campaigns/campaign';
import { S } from '../shared/validation';
import { anyJson } from './present-campaign';

// `status` is checked by the domain, which tells a refused status (500) from an unknown one (400);
// `goals` takes any JSON. Descriptions document; they validate nothing.
const fields = {
  name: { ...S.string, description: 'Trimmed on save; must not be blank.' },
  description: S.nullableString,
  status: {
    ...S.string,
    examples: [...CAMPAIGN_STATUSES],
    description: `One of ${CAMPAIGN_STATUSES.join(', ')} (default draft). ${REFUSED_CAMPAIGN_STATUSES.join(' and ')} are refused `
      + 'with 500 `INTERNAL_ERROR` and nothing is written; any other value is 400.',
  },
  start_date: S.nullableDate,
  end_date: S.nullableDate,
  content_pillars: { type: 'array', description: 'Free-form list.' },
  target_platforms: { type: 'array', description: 'Free-form list.' },
};

const goals = anyJson('Free-form JSON. On creation false, 0, an empty string and null mean `{}`; on update the value is kept as sent.');

export const CREATE_CAMPAIGN_FIELDS = ['name', 'project_id', ...Object.keys(fields), 'goals'] as const;
export const UPDATABLE_CAMPAIGN_FIELDS = [...Object.keys(fields), 'goals'] as const;

export const createCampaignSchema = {
  type: 'object',
  required: ['name', 'project_id'],
  properties: { ...fields, goals, project_id: { ...S.uuid, description: 'A project of the team (another one is 404 on `project_id`).' } },
};

export const updateCampaignSchema = {
  type: 'object',
  description: 'At least one field; `project_id` and `approval_status` are ignored.',
  properties: { ...fields, goals },
};
