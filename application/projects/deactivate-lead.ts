import { Lead, LeadView } from '../../domain/projects/lead';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { NotFound } from '../../domain/shared/errors';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface DeactivateLeadCommand {
  id: string;
}

/** The operator's deactivation: names only the lead; the record stays (and still counts as a duplicate). */
export class DeactivateLead {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly leads: LeadRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: DeactivateLeadCommand): Promise<LeadView> {
    return this.uow.run(async () => {
      const team = await this.leads.findTeamOf(command.id);
      const found = team && (await this.leads.findById(team, command.id));
      if (!team || !found) throw new NotFound('Lead not found');
      const lead = Lead.restore(found);
      lead.deactivate(this.clock.now());
      await this.leads.update(lead.snapshot());
      return (await this.leads.findViewById(team, command.id))!;
    });
  }
}
