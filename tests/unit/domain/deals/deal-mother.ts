import { Deal, DealData, NewGlobalDeal } from '../../../../domain/deals/deal';

export const TEAM_ID = '0190a000-0000-7000-8000-000000000001';
export const NOW = new Date('2026-03-10T12:00:00.000Z');
export const LATER = new Date('2026-03-11T08:30:00.000Z');

let seq = 0;
export const dealId = (): string => `0190a000-0000-7000-8000-${String(++seq).padStart(12, '0')}`;

export const DealMother = {
  create(overrides: Partial<NewGlobalDeal> = {}, teamId = TEAM_ID, now = NOW): Deal {
    return Deal.createGlobal(dealId(), teamId, { title: 'Website redesign', ...overrides }, now);
  },
  data(overrides: Partial<NewGlobalDeal> = {}): DealData {
    return DealMother.create(overrides).snapshot();
  },
  /** A project deal as the project-deal writers will store it. */
  projectDeal(): Deal {
    const d = DealMother.create().snapshot();
    return Deal.restore({ ...d, scope: 'project', projectId: dealId(), pipelineId: dealId(), leadId: dealId(), clientId: null });
  },
};
