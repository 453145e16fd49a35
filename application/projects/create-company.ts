import { Company, CompanyData } from '../../domain/projects/company';
import { CompanyRepository } from '../../domain/projects/company-repository';
import { Project } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound } from '../../domain/shared/errors';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';

export interface CreateCompanyCommand {
  projectId: string;
  name: string;
}

/** The operator's company for a project's CRM; names only the project, whose team it joins. */
export class CreateCompany {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly projects: ProjectRepository,
    private readonly companies: CompanyRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateCompanyCommand): Promise<CompanyData> {
    return this.uow.run(async () => {
      const team = await this.projects.findTeamOf(command.projectId);
      const project = team && (await this.projects.findById(team, command.projectId));
      if (!team || !project) throw new NotFound('Project not found', 'project');
      Project.restore(project).assertWritable();
      const company = Company.create(this.ids.next(), team.teamId, project.id, command.name, this.clock.now()).snapshot();
      await this.companies.insert(company);
      return company;
    });
  }
}
