// The two inbound actions: `create_deal` (find or create the lead, then a project deal in the
// endpoint's pipeline and open column) and `create_lead` (find or create the lead only).
import { NewLead } from '../../domain/projects/lead';
import { Project } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { InboundFields, attributionOf } from '../../domain/webhooks/field-mapping';
import { WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { CreateProjectDeal } from '../deals/create-project-deal';
import { ProjectLeadIntake } from '../deals/project-lead-intake';
import { Clock } from '../shared/clock';
import { InboundAction, InboundActionResult } from './inbound-action';

/** The lead an inbound payload describes. */
const leadInput = (fields: InboundFields): Omit<NewLead, 'full_name'> & { full_name: string | null } => ({
  full_name: fields.fullName,
  email: fields.email,
  phone: fields.phone,
  tags: fields.tags,
  notes: fields.notes,
  customer_source: fields.source,
  company_name: fields.companyName,
  utm_source: fields.utm.utm_source,
  utm_medium: fields.utm.utm_medium,
  utm_campaign: fields.utm.utm_campaign,
  attribution: attributionOf(fields),
  metadata: fields.metadata,
  custom_fields: fields.customFields,
});

export class CreateDealFromInbound implements InboundAction {
  constructor(private readonly createProjectDeal: CreateProjectDeal) {}

  async run(team: TeamContext, endpoint: WebhookEndpointData, fields: InboundFields): Promise<InboundActionResult> {
    const { deal } = await this.createProjectDeal.execute(team, {
      projectId: endpoint.actionConfig.projectId,
      pipelineId: endpoint.actionConfig.pipelineId,
      // Checked again here: the pipeline may have changed since the endpoint was made.
      column: endpoint.actionConfig.columnSlug,
      contact: leadInput(fields),
      deal: {
        title: fields.title, description: fields.description, value: fields.value, source: fields.source, tags: fields.tags,
        utm: fields.utm, attribution: attributionOf(fields), metadata: fields.metadata, customFields: fields.customFields,
        originType: 'webhook', sourcePath: `webhooks/${endpoint.slug}`,
      },
    });
    return { entityId: deal.id, entityType: 'deal' };
  }
}

export class CreateLeadFromInbound implements InboundAction {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly intake: ProjectLeadIntake,
    private readonly clock: Clock,
  ) {}

  async run(team: TeamContext, endpoint: WebhookEndpointData, fields: InboundFields): Promise<InboundActionResult> {
    const project = await this.projects.findById(team, endpoint.actionConfig.projectId);
    if (!project) throw new NotFound('The endpoint\'s project no longer exists', 'project_id');
    Project.restore(project).assertWritable();
    const { lead } = await this.intake.findOrCreate(team, project.id, leadInput(fields), this.clock.now());
    return { entityId: lead.id, entityType: 'lead' };
  }
}
