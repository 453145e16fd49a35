import { CampaignData } from '../../../domain/campaigns/campaign';

let seq = 0;
export const uuid = (n: number) => `0190a200-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** Test data for campaigns: a valid record, overridden where a test cares. */
export const CampaignMother = {
  create(overrides: Partial<CampaignData> = {}): CampaignData {
    seq++;
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString();
    return {
      id: uuid(seq),
      teamId: uuid(0),
      projectId: uuid(900000),
      name: `Campaign ${seq}`,
      description: null,
      status: 'draft',
      approvalStatus: 'pending',
      startDate: null,
      endDate: null,
      contentPillars: [],
      targetPlatforms: [],
      goals: {},
      createdBy: null,
      createdAt: at,
      updatedAt: at,
      ...overrides,
    };
  },
  id: uuid,
};
