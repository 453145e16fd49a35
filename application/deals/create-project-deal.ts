import { DealContactRepository } from '../../domain/deals/deal-contact-repository';
import { DealContactData, linkContact } from '../../domain/deals/deal-contact';
import { Deal, DealData, NewProjectDeal } from '../../domain/deals/deal';
import { DealRepository, DealView } from '../../domain/deals/deal-repository';
import { LeadView } from '../../domain/projects/lead';
import { Pipeline } from '../../domain/projects/pipeline';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { Project } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { DealDispatchTrigger } from './deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { ProjectDealDetails } from './project-deal-details';
import { FindOrCreateLead, ReturningLeadSource } from '../projects/find-or-create-lead';
import { LeadInput, checkLeadInput } from '../projects/lead-intake';

export interface CreateProjectDealCommand {
  projectId: string;
  /** The project's default pipeline when absent. */
  pipelineId?: string | null;
  /** Slug of an `open` column; the first open column when absent. */
  column?: string | null;
  /** Who the deal is for, either one of the project's leads by id… */
  leadId?: string | null;
  /** …or as a contact: the project's lead with this phone, else email, or a new lead. */
  contact?: LeadInput | null;
  /** More leads of the project, linked as contacts after the main one, in this order. */
  contactIds?: readonly string[];
  /** When the lead exists, record what this contact adds (notes, UTM) under this source. */
  source?: ReturningLeadSource;
  deal: Omit<NewProjectDeal, 'projectId' | 'pipelineId' | 'column' | 'lead'>;
}

export interface CreatedProjectDealResult {
  deal: DealData;
  /** The deal as GET /deals/:id?project_id= shows it: with its lead and contacts. */
  view: DealView;
  lead: LeadView;
  leadCreated: boolean;
}

/** Who the deal is for, given one way: a lead of the project by id, or a contact. */
const checkWhoFor = (command: CreateProjectDealCommand): void => {
  const byId = command.leadId !== undefined && command.leadId !== null;
  const inline = command.contact !== undefined && command.contact !== null;
  if (byId && inline) throw new ValidationFailed('Give either lead_id or lead, not both', 'lead');
  if (!byId && !inline) throw new ValidationFailed('lead_id or lead is required: who the deal is for', 'lead_id');
};

/**
 * What the API checks of a command before anything is read: who the deal is for is given one way, and an inline
 * contact is well formed (named by the request's field, `lead.full_name`). A bad request is 400 whatever its
 * project, and never takes or replays an Idempotency-Key.
 */
export function checkProjectDealCommand(command: CreateProjectDealCommand): void {
  checkWhoFor(command);
  if (command.contact) {
    try {
      checkLeadInput(command.contact);
    } catch (e) {
      if (e instanceof ValidationFailed && typeof e.details?.field === 'string') {
        throw new ValidationFailed(e.message.replace(e.details.field, `lead.${e.details.field}`), `lead.${e.details.field}`);
      }
      throw e;
    }
  }
}

/**
 * A project deal with its main lead (found or created) linked as primary contact, and its
 * `deal.created` event, in one transaction. Project deals are created this way (the inbound
 * receiver, and POST /projects/:id/deals through `CreateProjectDealOnce`), never through the legacy POST /deals.
 */
export class CreateProjectDeal {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly deals: DealRepository,
    private readonly contacts: DealContactRepository,
    private readonly projects: ProjectRepository,
    private readonly pipelines: PipelineRepository,
    private readonly findOrCreateLead: FindOrCreateLead,
    private readonly events: EventLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly trigger: DealDispatchTrigger,
    private readonly details: ProjectDealDetails,
  ) {}

  async execute(team: TeamContext, command: CreateProjectDealCommand): Promise<CreatedProjectDealResult> {
    const result = await this.uow.run(() => this.create(team, command));
    this.trigger.kick();
    return result;
  }

  /**
   * The same inside the caller's unit of work, for a caller that creates several things in one
   * transaction (the inbound receiver). It does not wake the dispatcher: a wake-up from inside an
   * open transaction would run the dispatcher in that transaction's context, after it has ended. The
   * caller calls `wakeDispatcher` once its transaction has committed.
   */
  create(team: TeamContext, command: CreateProjectDealCommand, dealId = this.ids.next()): Promise<CreatedProjectDealResult> {
    // The contact itself is checked where it is found or created, under the names its caller gives it.
    checkWhoFor(command);
    return this.uow.run(async () => {
      const now = this.clock.now();
      const project = await this.projects.findById(team, command.projectId);
      if (!project) throw new NotFound('Project not found', 'project_id');
      Project.restore(project).assertWritable();
      const pipeline = command.pipelineId
        ? await this.pipelines.findById(team, command.pipelineId)
        : await this.pipelines.findDefaultForProject(team, command.projectId);
      if (!pipeline || pipeline.projectId !== command.projectId) throw new NotFound('Pipeline not found in the project', 'pipeline_id');
      const column = Pipeline.restore(pipeline).startColumn(command.column ?? null, 'phase');
      const known = await this.projectLeads(team, command.projectId, command.leadId ? [command.leadId] : [], 'lead_id');
      const others = await this.projectLeads(team, command.projectId, command.contactIds ?? [], 'contact_ids');
      const { lead, created } = command.contact
        ? await this.findOrCreateLead.execute(team, { ...command.contact, projectId: command.projectId, source: command.source })
        : { lead: known[0], created: false };
      const deal = Deal.createInProject(
        dealId,
        team.teamId,
        {
          ...command.deal,
          projectId: command.projectId,
          pipelineId: pipeline.id,
          column,
          lead: { id: lead.id, fullName: lead.fullName, email: lead.email, phone: lead.phone },
        },
        now,
      );
      const data = deal.snapshot();
      await this.deals.insert(data);
      const links: DealContactData[] = [];
      for (const contact of [lead, ...others]) {
        const link = linkContact(this.ids.next(), team.teamId, deal.id, contact, links, now);
        if (link) {
          await this.contacts.insert(link);
          links.push(link);
        }
      }
      // The event carries the card as GET /deals/:id shows it: with its lead and contacts, read back here.
      const [view] = await this.details.attach(team, [{ deal: data, client: null }]);
      await this.events.append(
        team,
        deal.pullEvents().map((e) => this.events.draft(e.type, 'deal', data.id, view)),
        now,
      );
      return { deal: data, view, lead, leadCreated: created };
    });
  }

  /** The project's leads of these ids, in their order; one unknown, or of another project or team, is 404 on `field`. */
  private async projectLeads(team: TeamContext, projectId: string, ids: readonly string[], field: string): Promise<LeadView[]> {
    if (ids.length === 0) return [];
    const found = await this.details.leadsByIds(team, ids);
    return ids.map((id) => {
      const lead = found.get(id);
      if (!lead || lead.projectId !== projectId) throw new NotFound(`Lead ${id} not found in the project`, field);
      return lead;
    });
  }

  /** Asks the dispatcher to deliver the new deal events; call it outside any transaction. */
  wakeDispatcher(): void {
    this.trigger.kick();
  }
}
