import { LeadView } from '../../domain/projects/lead';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { UnitOfWork } from '../shared/unit-of-work';
import { LeadInput, LeadIntakePorts, retryWhenTaken, takeLead } from './lead-intake';

export interface FoundOrCreatedLead {
  lead: LeadView;
  created: boolean;
}

/**
 * For integrations (the inbound webhook): the project's lead with this phone, else this email, or a
 * new one. An existing lead is returned as it is, active or not.
 */
export class FindOrCreateLead {
  constructor(private readonly uow: UnitOfWork, private readonly ports: LeadIntakePorts) {}

  async execute(team: TeamContext, projectId: string, input: LeadInput): Promise<FoundOrCreatedLead> {
    return retryWhenTaken(() => this.uow.run(async () => {
      const intake = await takeLead(this.ports, team, projectId, input);
      if (intake.kind === 'created') return { lead: intake.lead, created: true };
      const lead = await this.ports.leads.findViewById(team, intake.lead.id);
      if (!lead) throw new NotFound('Lead not found');
      return { lead, created: false };
    }));
  }
}
