import { DealData, EMPTY_PROJECT_FIELDS } from '../../../domain/deals/deal';
import { EventData } from '../../../domain/events/event';
import { DealSortField } from '../../../domain/deals/deal-repository';
import { ListQuery } from '../../../domain/shared/list';
import { searchTextOf } from '../../../domain/shared/search-text';

let seq = 0;
export const uuid = (n: number) => `0190c000-0000-7000-8000-${String(n).padStart(12, '0')}`;
export const nextId = () => uuid(++seq + 5000);

/** A deal list query: the first page of twenty, newest first, unless told otherwise. */
export const dealQuery = (over: Partial<ListQuery<DealSortField>> = {}): ListQuery<DealSortField> => ({
  page: 1,
  limit: 20,
  sort: { field: 'created_at', descending: true },
  ...over,
});

/**
 * A global deal's row as plain SQL writes it, around the repository: no kept count and no team version
 * moved, as the tests of what the repository remembers need.
 */
export const plainDealRow = (teamId: string, id: string, title: string, createdAt: string) => ({
  team_id: teamId,
  id,
  scope: 'global',
  title,
  search_text: searchTextOf([title]),
  currency: 'BRL',
  phase: 'lead',
  priority: 'media',
  status: 'ativo',
  tags: '[]',
  value: 7000,
  created_at: createdAt,
  updated_at: createdAt,
});

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

/** Events of the log about a deal, as a use case writes them (the deal's API shape cut down to its id and phase). */
export const EventMother = {
  pending(teamId: string, dealId: string, overrides: Partial<EventData> = {}): EventData {
    const at = '2026-01-01T00:00:00.000Z';
    return {
      id: nextId(),
      teamId,
      type: 'deal.created',
      subjectId: dealId,
      data: { object: { id: dealId, phase: 'lead' } },
      actor: 'api_key:key-1',
      requestId: null,
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
