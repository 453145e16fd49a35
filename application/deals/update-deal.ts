import { Deal, DealChanges } from '../../domain/deals/deal';
import { ClientRef, DealRepository, DealView } from '../../domain/deals/deal-repository';
import { ClientRepository } from '../../domain/clients/client-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { DealDispatchTrigger } from './deal-dispatch-trigger';
import { EventLog } from '../events/event-log';

export interface UpdateDealCommand {
  id: string;
  changes: DealChanges;
}

/** PUT /deals/:id: only global deals, only the fields sent; its events (`deal.updated`, and a phase change or archival) go to the log. */
export class UpdateDeal {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly deals: DealRepository,
    private readonly clients: ClientRepository,
    private readonly events: EventLog,
    private readonly clock: Clock,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: UpdateDealCommand): Promise<DealView> {
    const now = this.clock.now();
    const result = await this.uow.run(async () => {
      await this.deals.lock(team, command.id);
      const view = await this.deals.findById(team, command.id);
      if (!view) throw new NotFound('Deal not found');
      const deal = Deal.restore(view.deal);
      deal.update(command.changes, now);
      const client = await this.clientOf(team, deal.clientId, view.client);
      const data = deal.snapshot();
      await this.deals.update(data);
      const after: DealView = { deal: data, client };
      const raised = await this.events.append(
        team,
        deal.pullEvents().map((e) => this.events.draft(e.type, 'deal', data.id, after, view)),
        now,
      );
      return { view: after, raised: raised.length > 0 };
    });
    if (result.raised) this.trigger.kick();
    return result.view;
  }

  private async clientOf(team: TeamContext, clientId: string | null, current: ClientRef | null): Promise<ClientRef | null> {
    if (clientId === null) return null;
    if (current?.id === clientId) return current;
    const client = await this.clients.findById(team, clientId);
    if (!client) throw new NotFound('Client not found', 'client_id');
    return { id: client.id, name: client.name };
  }
}
