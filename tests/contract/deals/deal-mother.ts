import { DealData, EMPTY_PROJECT_FIELDS } from '../../../domain/deals/deal';
import { DealEventData } from '../../../domain/deals/deal-event';

let seq = 0;
export const uuid = (n: number) => `0190c000-0000-7000-8000-${String(n).padStart(12, '0')}`;
export const nextId = () => uuid(++seq + 5000);

/** A stored deal record, valid for either scope, overridden where a test cares. */
export const DealRecordMother = {
  global(overrides: Partial<DealData> = {}): DealData {
    seq++;
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString();
    return {
      id: uuid(seq),
      teamId: uuid(0),
      scope: 'global',
      projectId: null,
      pipelineId: null,
      title: `Deal ${seq}`,
      description: null,
      value: null,
      currency: 'BRL',
      phase: 'lead',
      priority: 'media',
      status: 'ativo',
      probability: null,
      expectedCloseDate: null,
      source: null,
      lossReason: null,
      tags: [],
      isStarred: false,
      clientId: null,
      responsibleId: null,
      archivedAt: null,
      createdAt: at,
      updatedAt: at,
      ...EMPTY_PROJECT_FIELDS,
      aiSummary: null,
      aiWinProbability: null,
      aiAnalyzedAt: null,
      ...overrides,
    };
  },
  project(overrides: Partial<DealData> = {}): DealData {
    return DealRecordMother.global({
      scope: 'project',
      projectId: uuid(900001),
      pipelineId: uuid(900002),
      leadId: uuid(900003),
      phase: 'novo',
      ...overrides,
    });
  },
};

export const EventMother = {
  pending(teamId: string, dealId: string, overrides: Partial<DealEventData> = {}): DealEventData {
    const at = '2026-01-01T00:00:00.000Z';
    return {
      id: nextId(),
      teamId,
      type: 'deal_created',
      dealId,
      data: { phase: 'lead' },
      status: 'pending',
      attempts: 0,
      availableAt: at,
      lastError: null,
      createdAt: at,
      deliveredAt: null,
      ...overrides,
    };
  },
};
