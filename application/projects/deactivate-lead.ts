import { asOperator } from '../../domain/shared/team';
import { Lead, LeadView } from '../../domain/projects/lead';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { NotFound } from '../../domain/shared/errors';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog, whenChanged } from '../events/event-log';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface DeactivateLeadCommand {
  id: string;
}

/**
 * The operator's deactivation: names only the lead; the record stays (and still counts as a duplicate).
 * Logged as `lead.updated` in the same transaction; deactivating an inactive lead changes nothing and logs nothing.
 */
export class DeactivateLead {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly leads: LeadRepository,
    private readonly clock: Clock,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(command: DeactivateLeadCommand): Promise<LeadView> {
    const now = this.clock.now();
    const { view, changed } = await this.uow.run(async () => {
      const owner = await this.leads.findTeamOf(command.id);
      const team = owner && asOperator(owner);
      const before = team && (await this.leads.findViewById(team, command.id));
      if (!team || !before) throw new NotFound('Lead not found');
      const { identity: _identity, company: _company, ...found } = before;
      const lead = Lead.restore(found);
      lead.deactivate(now);
      const data = lead.snapshot();
      await this.leads.update(data);
      const view = (await this.leads.findViewById(team, command.id))!;
      const raised = await this.events.append(team, whenChanged(this.events.draft('lead.updated', 'lead', view.id, view, before)), now);
      const changed = raised.length > 0;
      return { view, changed };
    });
    if (changed) this.trigger.kick();
    return view;
  }
}
