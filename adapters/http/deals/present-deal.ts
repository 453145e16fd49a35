import { ArchivedDeal } from '../../../domain/deals/deal';
import { DealView } from '../../../domain/deals/deal-repository';
import { presentLead } from '../projects/present-lead';
import { presentDealContact } from './present-deal-contact';

/**
 * One shape for both scopes (spec 2.1): every field of both, null where it does not apply. On a
 * global deal `lead` is the main client, as in `client`.
 */
export const presentDeal = (v: DealView) => {
  const d = v.deal;
  const global = d.scope === 'global';
  return {
    id: d.id,
    scope: d.scope,
    project_id: d.projectId,
    pipeline_id: d.pipelineId,
    title: d.title,
    description: d.description,
    value: d.value,
    currency: d.currency,
    phase: d.phase,
    priority: d.priority,
    status: d.status,
    probability: d.probability,
    expected_close_date: d.expectedCloseDate,
    source: d.source,
    loss_reason: d.lossReason,
    tags: [...d.tags],
    is_starred: d.isStarred,
    client_id: d.clientId,
    client: v.client ? { id: v.client.id, name: v.client.name } : null,
    responsible_id: d.responsibleId,
    lead_id: d.leadId,
    lead: global ? (v.client ? { id: v.client.id, name: v.client.name } : null) : v.lead ? presentLead(v.lead) : null,
    contacts: global ? null : (v.contacts ?? []).map(presentDealContact),
    attribution: d.attribution,
    metadata: d.metadata,
    custom_fields: d.customFields,
    position: d.position,
    origin_type: d.originType,
    source_path: d.sourcePath,
    utm_source: d.utmSource,
    utm_medium: d.utmMedium,
    utm_campaign: d.utmCampaign,
    utm_term: d.utmTerm,
    utm_content: d.utmContent,
    contact_name: d.contactName,
    contact_email: d.contactEmail,
    contact_phone: d.contactPhone,
    checklist: d.checklist,
    loss_reason_id: d.lossReasonId,
    loss_note: d.lossNote,
    win_note: d.winNote,
    won_at: d.wonAt,
    lost_at: d.lostAt,
    ai_summary: d.aiSummary,
    ai_win_probability: d.aiWinProbability,
    ai_analyzed_at: d.aiAnalyzedAt,
    archived_at: d.archivedAt,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
};

export const presentArchivedDeal = (a: ArchivedDeal) => ({ id: a.id, status: a.status, archived_at: a.archivedAt });
