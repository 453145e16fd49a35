import { ProjectDealChanges } from '../../domain/deals/deal';
import { DealView } from '../../domain/deals/deal-repository';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { DealDispatchTrigger } from './deal-dispatch-trigger';
import { ProjectDealWrites } from './project-deal-writes';

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
    private readonly writes: ProjectDealWrites,
    private readonly clock: Clock,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: UpdateProjectDealCommand): Promise<DealView> {
    const view = await this.uow.run(async () => {
      const opened = await this.writes.open(team, command.projectId, command.id);
      const now = this.clock.now();
      opened.deal.updateInProject(command.changes, now);
      return this.writes.save(team, opened, now);
    });
    this.trigger.kick();
    return view;
  }
}
