import { ArchivedDeal, Deal } from '../../domain/deals/deal';
import { DealRepository } from '../../domain/deals/deal-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface ArchiveDealCommand {
  id: string;
}

/** DELETE /deals/:id: archives a global deal and keeps it; a project deal is not found. */
export class ArchiveDeal {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly deals: DealRepository,
    private readonly clock: Clock,
  ) {}

  execute(team: TeamContext, command: ArchiveDealCommand): Promise<ArchivedDeal> {
    return this.uow.run(async () => {
      await this.deals.lock(team, command.id);
      const view = await this.deals.findById(team, command.id);
      if (!view) throw new NotFound('Deal not found');
      const deal = Deal.restore(view.deal);
      const archived = deal.archive(this.clock.now());
      await this.deals.update(deal.snapshot());
      return archived;
    });
  }
}
