import { duplicateLead, LeadView } from '../../domain/projects/lead';
import { TeamContext } from '../../domain/shared/team';
import { UnitOfWork } from '../shared/unit-of-work';
import { LeadInput, LeadIntakePorts, checkLeadInput, retryWhenTaken, takeLead } from './lead-intake';

/**
 * A contact of a project (no deal). Checks in the order the API promises: the body (400) before the
 * project (404), then the archive lock (409), the company (422) and duplicates by phone, then email (422).
 */
export class CreateLead {
  constructor(private readonly uow: UnitOfWork, private readonly ports: LeadIntakePorts) {}

  async execute(team: TeamContext, projectId: string, input: LeadInput): Promise<LeadView> {
    checkLeadInput(input);
    return retryWhenTaken(() => this.uow.run(async () => {
      const intake = await takeLead(this.ports, team, projectId, input);
      if (intake.kind === 'existing') throw duplicateLead(intake.lead, intake.matchedBy);
      return intake.lead;
    }));
  }
}
