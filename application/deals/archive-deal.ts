import { ArchivedDeal, Deal } from '../../domain/deals/deal';
import { DealRepository } from '../../domain/deals/deal-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { EventLog } from '../events/event-log';
import { DealDispatchTrigger } from './deal-dispatch-trigger';

export interface ArchiveDealCommand {
  id: string;
}

/** DELETE /deals/:id: archives a global deal and keeps it; a project deal is not found. */
export class ArchiveDeal {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly deals: DealRepository,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: ArchiveDealCommand): Promise<ArchivedDeal> {
    const archived = await this.uow.run(async () => {
      await this.deals.lock(team, command.id);
      const view = await this.deals.findById(team, command.id);
      if (!view) throw new NotFound('Deal not found');
      const deal = Deal.restore(view.deal);
      const now = this.clock.now();
      const archived = deal.archive(now);
      const data = deal.snapshot();
      await this.deals.update(data);
      const after = { ...view, deal: data };
      await this.events.append(
        team,
        deal.pullEvents().map((e) => this.events.draft(e.type, 'deal', data.id, after, view)),
        now,
      );
      return archived;
    });
    this.trigger.kick();
    return archived;
  }
}
