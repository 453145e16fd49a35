import { DealContactRepository } from '../../domain/deals/deal-contact-repository';
import { linkContact } from '../../domain/deals/deal-contact';
import { Deal, DealData, NewProjectDeal } from '../../domain/deals/deal';
import { DealRepository } from '../../domain/deals/deal-repository';
import { LeadView } from '../../domain/projects/lead';
import { Pipeline } from '../../domain/projects/pipeline';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { Project } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { DealDispatchTrigger } from './deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { ProjectDealDetails } from './project-deal-details';
import { FindOrCreateLead, ReturningLeadSource } from '../projects/find-or-create-lead';
import { LeadInput } from '../projects/lead-intake';

export interface CreateProjectDealCommand {
  projectId: string;
  /** The project's default pipeline when absent. */
  pipelineId?: string | null;
  /** Slug of an `open` column; the first open column when absent. */
  column?: string | null;
  /** Who the deal is for: the project's lead with this phone, else email, or a new lead. */
  contact: LeadInput;
  /** When the lead exists, record what this contact adds (notes, UTM) under this source. */
  source?: ReturningLeadSource;
  deal: Omit<NewProjectDeal, 'projectId' | 'pipelineId' | 'column' | 'lead'>;
}

export interface CreatedProjectDealResult {
  deal: DealData;
  lead: LeadView;
  leadCreated: boolean;
}

/**
 * A project deal with its main lead (found or created) linked as primary contact, and its
 * `deal.created` event, in one transaction. Project deals are created this way (the inbound
 * receiver), never through the legacy POST /deals.
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
  create(team: TeamContext, command: CreateProjectDealCommand): Promise<CreatedProjectDealResult> {
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
      const { lead, created } = await this.findOrCreateLead.execute(team, {
        ...command.contact,
        projectId: command.projectId,
        source: command.source,
      });
      const deal = Deal.createInProject(
        this.ids.next(),
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
      const link = linkContact(this.ids.next(), team.teamId, deal.id, lead, [], now);
      if (link) await this.contacts.insert(link);
      // The event carries the card as GET /deals/:id shows it: with its lead and contact, read back here.
      const [view] = await this.details.attach(team, [{ deal: data, client: null }]);
      await this.events.append(
        team,
        deal.pullEvents().map((e) => this.events.draft(e.type, 'deal', data.id, view)),
        now,
      );
      return { deal: data, lead, leadCreated: created };
    });
  }

  /** Asks the dispatcher to deliver the new deal events; call it outside any transaction. */
  wakeDispatcher(): void {
    this.trigger.kick();
  }
}
