import { ArchivedDeal, DEAL_PRIORITIES, DEAL_STATUS_ARCHIVED } from '../../../domain/deals/deal';
import { leadSchema } from '../projects/present-lead';
import { DealView } from '../../../domain/deals/deal-repository';
import { exactObject, nullable, R } from '../shared/documented';
import { Schema } from '../shared/operation';
import { presentLead } from '../projects/present-lead';
import { dealContactSchema, presentDealContact } from './present-deal-contact';

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

/** `{ id, name }` of a client: `client`, and `lead` on a global deal. */
const clientRefSchema = exactObject({ id: R.uuid, name: R.string }, 'The client, as `{ id, name }`.');

/** A project-scope field: documented as null on a global deal. */
const projectOnly = (schema: Schema, description: string): Schema => ({ ...schema, description: `${description} Null on a global deal.` });

/**
 * The documented shape of `presentDeal`: one object for both scopes, every field present, the fields
 * of the other scope null.
 */
export const dealSchema = exactObject(
  {
    id: R.uuid,
    scope: { ...R.enumOf(['global', 'project']), description: '`global`: a legacy deal; `project`: a card of a project pipeline.' },
    project_id: { ...R.nullableUuid, description: 'Null on a global deal.' },
    pipeline_id: { ...R.nullableUuid, description: 'The project pipeline; null on a global deal.' },
    title: R.string,
    description: R.nullableString,
    value: { ...R.nullableNumber, description: 'In `currency`; 0 on creation becomes null.' },
    currency: { ...R.string, examples: ['BRL'] },
    phase: {
      ...R.string,
      description: 'The column: free text on a global deal (default `lead`), a column slug of the pipeline on a project deal.',
    },
    priority: R.enumOf(DEAL_PRIORITIES),
    status: {
      ...R.string,
      description: '`ativo`, `arquivado` after archival, or a value a legacy integration stored.',
      examples: ['ativo', 'arquivado'],
    },
    probability: { type: ['number', 'null'], minimum: 0, maximum: 100 },
    expected_close_date: R.nullableDate,
    source: R.nullableString,
    loss_reason: { ...R.nullableString, description: 'On a project deal, the name of the loss reason of a lost column.' },
    tags: R.stringArray,
    is_starred: R.boolean,
    client_id: { ...R.nullableUuid, description: 'The global CRM client; null on a project deal.' },
    client: { ...nullable(clientRefSchema), description: 'The client as `{ id, name }`, or null.' },
    responsible_id: R.nullableUuid,
    lead_id: projectOnly(R.nullableUuid, "The main lead, one of the project's leads."),
    lead: {
      anyOf: [leadSchema, clientRefSchema, { type: 'null' }],
      description: 'On a project deal, the complete main lead; on a global deal, the client as `{ id, name }`; null without one.',
    },
    contacts: projectOnly(nullable({ type: 'array', items: dealContactSchema }), 'Every contact linked, the main one first.'),
    attribution: projectOnly(
      R.nullableObject,
      'Full attribution, e.g. `{ first: { utm_source, utm_medium, utm_campaign, utm_term, utm_content } }`.',
    ),
    metadata: projectOnly(R.nullableObject, 'Free form.'),
    custom_fields: projectOnly(R.nullableObject, 'Free form.'),
    position: projectOnly(R.nullableNumber, 'Order within the column.'),
    origin_type: projectOnly(R.nullableString, 'How the deal came in.'),
    source_path: projectOnly(R.nullableString, 'Where it came in from.'),
    utm_source: projectOnly(R.nullableString, 'UTM source.'),
    utm_medium: projectOnly(R.nullableString, 'UTM medium.'),
    utm_campaign: projectOnly(R.nullableString, 'UTM campaign.'),
    utm_term: projectOnly(R.nullableString, 'UTM term.'),
    utm_content: projectOnly(R.nullableString, 'UTM content.'),
    contact_name: projectOnly(R.nullableString, "The main contact's name when the deal was created."),
    contact_email: projectOnly(R.nullableString, "The main contact's e-mail when the deal was created."),
    contact_phone: projectOnly(R.nullableString, "The main contact's phone when the deal was created."),
    checklist: projectOnly({ type: ['array', 'null'] }, 'Checklist items as stored (free form).'),
    loss_reason_id: projectOnly(R.nullableUuid, 'The loss reason of a lost column.'),
    loss_note: projectOnly(R.nullableString, 'Note on the loss.'),
    win_note: projectOnly(R.nullableString, 'The note given when moved to a won column.'),
    won_at: projectOnly(R.nullableDateTime, 'When it reached a won column.'),
    lost_at: projectOnly(R.nullableDateTime, 'When it reached a lost column.'),
    ai_summary: R.nullableString,
    ai_win_probability: R.nullableNumber,
    ai_analyzed_at: R.nullableDateTime,
    archived_at: { ...R.nullableDateTime, description: 'Set when the deal is archived.' },
    created_at: R.dateTime,
    updated_at: R.dateTime,
  },
  'A deal of either scope (spec 2.1): the fields that do not exist in its scope are null, so the shape is stable.',
);

export const archivedDealSchema = exactObject({
  id: R.uuid,
  status: R.enumOf([DEAL_STATUS_ARCHIVED]),
  archived_at: R.dateTime,
});
