// A project deal (scope `project`): a card on one of a project's pipelines, for one main lead.
// It only ever starts in an `open` column; `deal_created` is raised with it.
import { Unprocessable, ValidationFailed } from '../shared/errors';
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
  utm?: Partial<Record<'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content', string | null>>;
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
  if (input.column.outcome !== 'open') throw new Unprocessable('A deal can only start in an open column', 'phase');
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
    utmSource: utm.utm_source ?? null, utmMedium: utm.utm_medium ?? null, utmCampaign: utm.utm_campaign ?? null,
    utmTerm: utm.utm_term ?? null, utmContent: utm.utm_content ?? null,
    contactName: input.lead.fullName, contactEmail: input.lead.email, contactPhone: input.lead.phone,
    checklist: null, lossReasonId: null, lossNote: null, winNote: null, wonAt: null, lostAt: null,
    aiSummary: null, aiWinProbability: null, aiAnalyzedAt: null,
  };
  return { deal, event: { type: 'deal_created', dealId: id, data: { phase: deal.phase, project_id: input.projectId } } };
};
