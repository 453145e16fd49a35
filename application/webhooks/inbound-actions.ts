// The two inbound actions: `create_deal` (find or create the lead, then a project deal in the
// endpoint's pipeline and open column) and `create_lead` (find or create the lead only).
import { TeamContext } from '../../domain/shared/team';
import { InboundFields, attributionOf } from '../../domain/webhooks/field-mapping';
import { WebhookEndpointData, authenticatesSender } from '../../domain/webhooks/webhook-endpoint';
import { CreateProjectDeal } from '../deals/create-project-deal';
import { FindOrCreateLead, ReturningLeadSource } from '../projects/find-or-create-lead';
import { LeadInput } from '../projects/lead-intake';
import { InboundAction, InboundActionResult } from './inbound-action';

/** The lead an inbound payload describes; without a name it is known by its phone or email. */
const leadInput = (fields: InboundFields): LeadInput => ({
  fullName: fields.fullName ?? fields.phone ?? fields.email ?? '',
  email: fields.email,
  phone: fields.phone,
  tags: fields.tags,
  notes: fields.notes,
  customerSource: fields.source,
  companyName: fields.companyName,
  utmSource: fields.utm.utm_source,
  utmMedium: fields.utm.utm_medium,
  utmCampaign: fields.utm.utm_campaign,
  attribution: attributionOf(fields),
  metadata: fields.metadata,
  customFields: fields.customFields,
});

/**
 * A returning lead's new notes and UTM are recorded as coming from this endpoint; from an endpoint anyone
 * may post to, they are only added as a note.
 */
const sourceOf = (endpoint: WebhookEndpointData): ReturningLeadSource => ({
  via: `webhook ${endpoint.slug}`,
  authenticated: authenticatesSender(endpoint),
});

export class CreateDealFromInbound implements InboundAction {
  constructor(private readonly createProjectDeal: CreateProjectDeal) {}

  async run(team: TeamContext, endpoint: WebhookEndpointData, fields: InboundFields): Promise<InboundActionResult> {
    // Inside the receiver's transaction; the dispatcher is woken after it commits (afterCommit).
    const { deal } = await this.createProjectDeal.create(team, {
      projectId: endpoint.actionConfig.projectId,
      pipelineId: endpoint.actionConfig.pipelineId,
      // Checked again here: the pipeline may have changed since the endpoint was made.
      column: endpoint.actionConfig.columnSlug,
      contact: leadInput(fields),
      source: sourceOf(endpoint),
      deal: {
        title: fields.title,
        description: fields.description,
        value: fields.value,
        source: fields.source,
        tags: fields.tags,
        utm: {
          source: fields.utm.utm_source,
          medium: fields.utm.utm_medium,
          campaign: fields.utm.utm_campaign,
          term: fields.utm.utm_term,
          content: fields.utm.utm_content,
        },
        attribution: attributionOf(fields),
        metadata: fields.metadata,
        customFields: fields.customFields,
        originType: 'webhook',
        sourcePath: `webhooks/${endpoint.slug}`,
      },
    });
    return { entityId: deal.id, entityType: 'deal' };
  }

  afterCommit(): void {
    this.createProjectDeal.wakeDispatcher();
  }
}

/** Goes through the projects context's own intake: the same checks and identity linking as POST /projects/:id/leads. */
export class CreateLeadFromInbound implements InboundAction {
  constructor(private readonly findOrCreateLead: FindOrCreateLead) {}

  async run(team: TeamContext, endpoint: WebhookEndpointData, fields: InboundFields): Promise<InboundActionResult> {
    const { lead } = await this.findOrCreateLead.execute(team, {
      ...leadInput(fields),
      projectId: endpoint.actionConfig.projectId,
      source: sourceOf(endpoint),
    });
    return { entityId: lead.id, entityType: 'lead' };
  }

  /** The lead's events were written in the receiver's transaction: the dispatcher hands them out once it commits. */
  afterCommit(): void {
    this.findOrCreateLead.wakeDispatcher();
  }
}
