import { Deal } from '../../domain/deals/deal';
import { DealRepository, DealView } from '../../domain/deals/deal-repository';
import { Project, ProjectData } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { EventLog } from '../events/event-log';
import { ProjectDealDetails } from './project-deal-details';

/** A project deal opened for a change: its project, the card as it was, and the deal to change. */
export interface OpenedProjectDeal {
  project: ProjectData;
  found: DealView;
  deal: Deal;
}

/**
 * The steps every change of one project deal takes, inside the caller's unit of work: the record is locked
 * before it is read, and saved with the events it raised, which carry the card as GET /deals/:id shows it
 * (with its lead and contacts) and what it was.
 */
export class ProjectDealWrites {
  constructor(
    private readonly deals: DealRepository,
    private readonly projects: ProjectRepository,
    private readonly events: EventLog,
    private readonly details: ProjectDealDetails,
  ) {}

  /**
   * The deal `id` of `projectId`, locked. An unknown project is 404 (on `projectField` when the project came in
   * the body); a deal of another project or a legacy deal is not found; an archived project is 409.
   */
  async open(team: TeamContext, projectId: string, id: string, projectField?: string): Promise<OpenedProjectDeal> {
    const project = await this.projects.findById(team, projectId);
    if (!project) throw new NotFound('Project not found', projectField);
    await this.deals.lock(team, id);
    const found = await this.deals.findById(team, id);
    if (!found) throw new NotFound('Deal not found');
    const deal = Deal.restore(found.deal);
    deal.assertInProject(projectId);
    Project.restore(project).assertWritable();
    return { project, found, deal };
  }

  /** Writes the changed deal and appends its events at `now`; answers the card after the change. */
  async save(team: TeamContext, { found, deal }: Pick<OpenedProjectDeal, 'found' | 'deal'>, now: Date): Promise<DealView> {
    const data = deal.snapshot();
    await this.deals.update(data);
    const [before, after] = await this.details.attach(team, [found, { ...found, deal: data }]);
    await this.events.append(
      team,
      deal.pullEvents().map((e) => this.events.draft(e.type, 'deal', data.id, after, before)),
      now,
    );
    return after;
  }
}
