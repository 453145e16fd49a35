// A project deal (scope `project`): a card on one of a project's pipelines, for one main lead.
// It only ever starts in an `open` column; `deal_created` is raised with it.
import { NotFound, ValidationFailed } from '../shared/errors';
import { PipelineColumn } from '../projects/pipeline';
import { DEAL_STATUS_ACTIVE, DEFAULT_DEAL_CURRENCY, DealData } from './deal';
import { DealEventDraft } from './deal-event';

export interface ProjectDealLead {
  id: string;
  fullName: string;
  email: string | null;
  phone: string | null;
}

export interface NewProjectDeal {
  projectId: string;
  pipelineId: string;
  column: PipelineColumn;
  lead: ProjectDealLead;
  title?: string | null;
  description?: string | null;
  value?: number | null;
  source?: string | null;
  tags?: string[];
  /** The UTM parameters the deal came with (`source` is `utm_source`, and so on). */
  utm?: Partial<Record<'source' | 'medium' | 'campaign' | 'term' | 'content', string | null>>;
  attribution?: Record<string, unknown> | null;
  metadata?: Record<string, unknown>;
  customFields?: Record<string, unknown>;
  originType?: string | null;
  sourcePath?: string | null;
}

export interface CreatedProjectDeal {
  deal: DealData;
  event: DealEventDraft;
}

export const createProjectDeal = (id: string, teamId: string, input: NewProjectDeal, now: Date): CreatedProjectDeal => {
  if (input.column.outcome !== 'open') throw new ValidationFailed('A deal can only start in an open column', 'phase');
  const title = (input.title ?? '').trim() || input.lead.fullName;
  if (!title) throw new ValidationFailed('title must not be empty', 'title');
  if (input.value !== undefined && input.value !== null && !Number.isFinite(input.value)) {
    throw new ValidationFailed('value must be a number', 'value');
  }
  const tags = input.tags ?? [];
  if (!Array.isArray(tags) || tags.some((t) => typeof t !== 'string')) throw new ValidationFailed('tags must be a list of strings', 'tags');
  const at = now.toISOString();
  const utm = input.utm ?? {};
  const deal: DealData = {
    id, teamId, scope: 'project', projectId: input.projectId, pipelineId: input.pipelineId,
    title, description: input.description ?? null,
    // As on the legacy route, 0 on creation means "no value".
    value: input.value === 0 ? null : input.value ?? null,
    currency: DEFAULT_DEAL_CURRENCY, phase: input.column.slug, priority: 'media', status: DEAL_STATUS_ACTIVE,
    probability: null, expectedCloseDate: null, source: input.source ?? null, lossReason: null, tags: [...tags],
    isStarred: false, clientId: null, responsibleId: null, archivedAt: null, createdAt: at, updatedAt: at,
    leadId: input.lead.id,
    attribution: input.attribution ? structuredClone(input.attribution) : null,
    metadata: structuredClone(input.metadata ?? {}),
    customFields: structuredClone(input.customFields ?? {}),
    position: null, originType: input.originType ?? null, sourcePath: input.sourcePath ?? null,
    utmSource: utm.source ?? null, utmMedium: utm.medium ?? null, utmCampaign: utm.campaign ?? null,
    utmTerm: utm.term ?? null, utmContent: utm.content ?? null,
    contactName: input.lead.fullName, contactEmail: input.lead.email, contactPhone: input.lead.phone,
    checklist: null, lossReasonId: null, lossNote: null, winNote: null, wonAt: null, lostAt: null,
    aiSummary: null, aiWinProbability: null, aiAnalyzedAt: null,
  };
  return { deal, event: { type: 'deal_created', dealId: id, data: { phase: deal.phase, project_id: input.projectId } } };
};

export interface ProjectDealMove {
  /** Checked by `moveTarget` of the pipeline: a won column comes with its note, a lost one with its reason. */
  column: PipelineColumn;
  winNote: string | null;
  lossReason: { id: string; name: string } | null;
  position?: number | null;
}

export interface MovedProjectDeal {
  deal: DealData;
  /** `deal_stage_changed` when the column changed; null for a move within the column. */
  event: DealEventDraft | null;
}

/**
 * POST /deals/:id/move: a project deal changes column. Reaching a won or lost column stamps the
 * outcome (note, reason, time); going back to an open column clears it.
 */
export const moveProjectDeal = (current: DealData, move: ProjectDealMove, now: Date): MovedProjectDeal => {
  if (current.scope !== 'project') throw new NotFound('Deal not found');
  if (move.position !== undefined && move.position !== null && !Number.isFinite(move.position)) {
    throw new ValidationFailed('position must be a number', 'position');
  }
  const at = now.toISOString();
  const deal: DealData = structuredClone(current);
  const from = deal.phase;
  deal.phase = move.column.slug;
  if (move.column.outcome === 'won') {
    deal.winNote = move.winNote;
    deal.wonAt = from === deal.phase && deal.wonAt ? deal.wonAt : at;
    deal.lostAt = null;
    deal.lossReasonId = null;
    deal.lossReason = null;
  } else if (move.column.outcome === 'lost') {
    deal.lossReasonId = move.lossReason?.id ?? null;
    deal.lossReason = move.lossReason?.name ?? null;
    deal.lostAt = from === deal.phase && deal.lostAt ? deal.lostAt : at;
    deal.wonAt = null;
    deal.winNote = null;
  } else {
    deal.wonAt = null;
    deal.lostAt = null;
    deal.winNote = null;
    deal.lossReasonId = null;
    deal.lossReason = null;
  }
  if (move.position !== undefined) deal.position = move.position;
  deal.updatedAt = at;
  const event: DealEventDraft | null = from === deal.phase ? null : {
    type: 'deal_stage_changed', dealId: deal.id,
    data: { from_phase: from, to_phase: deal.phase, outcome: move.column.outcome, project_id: deal.projectId },
  };
  return { deal, event };
};
