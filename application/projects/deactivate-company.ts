import { Company, CompanyData } from '../../domain/projects/company';
import { CompanyRepository } from '../../domain/projects/company-repository';
import { NotFound } from '../../domain/shared/errors';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface DeactivateCompanyCommand {
  id: string;
}

/** An inactive company keeps its leads but takes no new ones. */
export class DeactivateCompany {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly companies: CompanyRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: DeactivateCompanyCommand): Promise<CompanyData> {
    return this.uow.run(async () => {
      const team = await this.companies.findTeamOf(command.id);
      const found = team && (await this.companies.findById(team, command.id));
      if (!found) throw new NotFound('Company not found');
      const company = Company.restore(found);
      company.deactivate(this.clock.now());
      const data = company.snapshot();
      await this.companies.update(data);
      return data;
    });
  }
}
