import { Deal, ProjectDealChanges } from '../../domain/deals/deal';
import { DealRepository, DealView } from '../../domain/deals/deal-repository';
import { Project } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { DealDispatchTrigger } from './deal-dispatch-trigger';
import { ProjectDealDetails } from './project-deal-details';

export interface UpdateProjectDealCommand {
  projectId: string;
  id: string;
  changes: ProjectDealChanges;
}

/**
 * PUT /projects/:id/deals/:dealId: only the fields sent of a deal of that project, never its column (a move
 * changes it). The record is locked before it is read, and `deal.updated` carries what it was, in the same
 * transaction.
 */
export class UpdateProjectDeal {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly deals: DealRepository,
    private readonly projects: ProjectRepository,
    private readonly events: EventLog,
    private readonly clock: Clock,
    private readonly trigger: DealDispatchTrigger,
    private readonly details: ProjectDealDetails,
  ) {}

  async execute(team: TeamContext, command: UpdateProjectDealCommand): Promise<DealView> {
    const view = await this.uow.run(async () => {
      const project = await this.projects.findById(team, command.projectId);
      if (!project) throw new NotFound('Project not found');
      await this.deals.lock(team, command.id);
      const found = await this.deals.findById(team, command.id);
      if (!found) throw new NotFound('Deal not found');
      const deal = Deal.restore(found.deal);
      deal.assertInProject(command.projectId);
      Project.restore(project).assertWritable();
      const now = this.clock.now();
      deal.updateInProject(command.changes, now);
      const data = deal.snapshot();
      await this.deals.update(data);
      // The answer and the event carry the card GET /deals/:id gives, and the event what it was.
      const [before, after] = await this.details.attach(team, [found, { ...found, deal: data }]);
      await this.events.append(
        team,
        deal.pullEvents().map((e) => this.events.draft(e.type, 'deal', data.id, after, before)),
        now,
      );
      return after;
    });
    this.trigger.kick();
    return view;
  }
}
