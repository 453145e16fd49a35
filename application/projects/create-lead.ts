import { duplicateLead, LeadView } from '../../domain/projects/lead';
import { TeamContext } from '../../domain/shared/team';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { UnitOfWork } from '../shared/unit-of-work';
import { LeadInput, LeadIntakePorts, checkLeadInput, retryWhenTaken, takeLead } from './lead-intake';

export interface CreateLeadCommand extends LeadInput {
  projectId: string;
}

/**
 * A contact of a project (no deal). Checks in the order the API promises: the body (400) before the
 * project (404), then the archive lock (409), the company (422) and duplicates by phone, then email (422).
 * `lead.created` goes to the log in the same transaction.
 */
export class CreateLead {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ports: LeadIntakePorts,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: CreateLeadCommand): Promise<LeadView> {
    const { projectId, ...lead } = command;
    checkLeadInput(lead);
    const created = await retryWhenTaken(() =>
      this.uow.run(async () => {
        const intake = await takeLead(this.ports, team, projectId, lead);
        if (intake.kind === 'existing') throw duplicateLead(intake.lead, intake.matchedBy);
        await this.events.append(team, [this.events.draft('lead.created', 'lead', intake.lead.id, intake.lead)], this.ports.clock.now());
        return intake.lead;
      }),
    );
    this.trigger.kick();
    return created;
  }
}
