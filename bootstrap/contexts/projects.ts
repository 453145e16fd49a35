import { Container } from 'inversify';
import { KnexCompanyRepository } from '../../adapters/persistence/knex/projects/knex-company-repository';
import { KnexContactIdentityRepository } from '../../adapters/persistence/knex/projects/knex-contact-identity-repository';
import { KnexLeadRepository } from '../../adapters/persistence/knex/projects/knex-lead-repository';
import { KnexPipelineRepository } from '../../adapters/persistence/knex/projects/knex-pipeline-repository';
import { KnexProjectRepository } from '../../adapters/persistence/knex/projects/knex-project-repository';
import { KnexSquadRepository } from '../../adapters/persistence/knex/projects/knex-squad-repository';
import { KnexStageRepository } from '../../adapters/persistence/knex/projects/knex-stage-repository';
import { KnexDatabase } from '../../adapters/persistence/knex/shared/knex-database';
import { MemoryCompanyRepository } from '../../adapters/persistence/memory/projects/memory-company-repository';
import { MemoryContactIdentityRepository } from '../../adapters/persistence/memory/projects/memory-contact-identity-repository';
import { MemoryLeadRepository } from '../../adapters/persistence/memory/projects/memory-lead-repository';
import { MemoryPipelineRepository } from '../../adapters/persistence/memory/projects/memory-pipeline-repository';
import { MemoryProjectRepository } from '../../adapters/persistence/memory/projects/memory-project-repository';
import { MemorySquadRepository } from '../../adapters/persistence/memory/projects/memory-squad-repository';
import { MemoryStageRepository } from '../../adapters/persistence/memory/projects/memory-stage-repository';
import { MemoryStore } from '../../adapters/persistence/memory/shared/memory-store';
import { projectCommands } from '../../adapters/cli/projects/project-commands';
import { projectRoutes } from '../../adapters/http/projects/project-routes';
import { ArchiveProject } from '../../application/projects/archive-project';
import { CreateCompany } from '../../application/projects/create-company';
import { CreateLead } from '../../application/projects/create-lead';
import { CreatePipeline } from '../../application/projects/create-pipeline';
import { CreateProject } from '../../application/projects/create-project';
import { CreateSquad } from '../../application/projects/create-squad';
import { DeactivateCompany } from '../../application/projects/deactivate-company';
import { DeactivateLead } from '../../application/projects/deactivate-lead';
import { FindOrCreateLead } from '../../application/projects/find-or-create-lead';
import { GetProject } from '../../application/projects/get-project';
import { LeadIntakePorts } from '../../application/projects/lead-intake';
import { ListLeads } from '../../application/projects/list-leads';
import { ListProjectPipelines } from '../../application/projects/list-project-pipelines';
import { ListProjects } from '../../application/projects/list-projects';
import { ProvisionTeamProjects } from '../../application/projects/provision-team-projects';
import { UpdateProject } from '../../application/projects/update-project';
import { Clock } from '../../application/shared/clock';
import { IdGenerator } from '../../application/shared/id-generator';
import { TeamSetupStep } from '../../application/shared/team-setup';
import { CompanyRepository } from '../../domain/projects/company-repository';
import { ContactIdentityRepository } from '../../domain/projects/contact-identity-repository';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { StageRepository } from '../../domain/projects/stage-repository';
import { StorageKind } from '../config';
import { BoundedContext, byStorage } from '../context';
import { TOKENS } from '../tokens';
import { CLIENT_TOKENS } from './clients';

export const PROJECT_TOKENS = {
  ProjectRepository: Symbol.for('ProjectRepository'),
  StageRepository: Symbol.for('StageRepository'),
  SquadRepository: Symbol.for('SquadRepository'),
  PipelineRepository: Symbol.for('PipelineRepository'),
  LeadRepository: Symbol.for('LeadRepository'),
  ContactIdentityRepository: Symbol.for('ContactIdentityRepository'),
  CompanyRepository: Symbol.for('CompanyRepository'),
  LeadIntakePorts: Symbol.for('LeadIntakePorts'),
} as const;

type Repo = new (arg: never) => unknown;

/** One repository port, memory or Knex by storage. */
function bindRepository(c: Container, storage: StorageKind, token: symbol, memory: Repo, knex: Repo): void {
  c.bind(token).toDynamicValue((ctx) => byStorage(storage,
    () => new memory(ctx.get<MemoryStore>(TOKENS.MemoryStore) as never),
    () => new knex(ctx.get<KnexDatabase>(TOKENS.KnexDatabase) as never))).inSingletonScope();
}

export const projectsContext: BoundedContext = {
  name: 'projects',
  bind(c, storage) {
    const T = PROJECT_TOKENS;
    bindRepository(c, storage, T.ProjectRepository, MemoryProjectRepository, KnexProjectRepository);
    bindRepository(c, storage, T.StageRepository, MemoryStageRepository, KnexStageRepository);
    bindRepository(c, storage, T.SquadRepository, MemorySquadRepository, KnexSquadRepository);
    bindRepository(c, storage, T.PipelineRepository, MemoryPipelineRepository, KnexPipelineRepository);
    bindRepository(c, storage, T.LeadRepository, MemoryLeadRepository, KnexLeadRepository);
    bindRepository(c, storage, T.ContactIdentityRepository, MemoryContactIdentityRepository, KnexContactIdentityRepository);
    bindRepository(c, storage, T.CompanyRepository, MemoryCompanyRepository, KnexCompanyRepository);

    c.bind(ProvisionTeamProjects).toResolvedValue(
      (s: StageRepository, p: ProjectRepository, pl: PipelineRepository, i: IdGenerator, cl: Clock) => new ProvisionTeamProjects(s, p, pl, i, cl),
      [T.StageRepository, T.ProjectRepository, T.PipelineRepository, TOKENS.IdGenerator, TOKENS.Clock]).inSingletonScope();
    c.bind<TeamSetupStep>(TOKENS.TeamSetupStep).toResolvedValue((step: ProvisionTeamProjects) => step, [ProvisionTeamProjects]);

    // Each use case is built by its constructor from the tokens listed, in order.
    const use = <U>(cls: new (...args: never[]) => U, deps: (symbol | (new (...args: never[]) => unknown))[]) =>
      c.bind(cls).toResolvedValue((...args: unknown[]) => new (cls as new (...a: unknown[]) => U)(...args), deps as never).inSingletonScope();
    const { UnitOfWork: uow, IdGenerator: ids, Clock: clock } = TOKENS;
    const clients = CLIENT_TOKENS.ClientRepository;

    use(ListProjects, [T.ProjectRepository, T.StageRepository, T.SquadRepository, clients]);
    use(GetProject, [T.ProjectRepository]);
    use(CreateProject, [uow, T.ProjectRepository, T.StageRepository, T.PipelineRepository, T.SquadRepository, clients, ids, clock]);
    use(UpdateProject, [uow, T.ProjectRepository, T.StageRepository, T.SquadRepository, clients, clock]);
    use(ArchiveProject, [uow, T.ProjectRepository, clock]);
    use(CreateSquad, [T.SquadRepository, ids, clock]);
    use(ListProjectPipelines, [T.ProjectRepository, T.PipelineRepository]);
    use(CreatePipeline, [uow, T.ProjectRepository, T.PipelineRepository, ids, clock]);
    c.bind<LeadIntakePorts>(T.LeadIntakePorts).toResolvedValue(
      (projects: ProjectRepository, leads: LeadRepository, identities: ContactIdentityRepository, companies: CompanyRepository, i: IdGenerator, cl: Clock) =>
        ({ projects, leads, identities, companies, ids: i, clock: cl }),
      [T.ProjectRepository, T.LeadRepository, T.ContactIdentityRepository, T.CompanyRepository, ids, clock]).inSingletonScope();
    use(CreateLead, [uow, T.LeadIntakePorts]);
    use(FindOrCreateLead, [uow, T.LeadIntakePorts]);
    use(ListLeads, [T.ProjectRepository, T.LeadRepository, T.CompanyRepository]);
    use(DeactivateLead, [uow, T.LeadRepository, clock]);
    use(CreateCompany, [uow, T.ProjectRepository, T.CompanyRepository, ids, clock]);
    use(DeactivateCompany, [uow, T.CompanyRepository, clock]);
  },
  routes: (c) => projectRoutes({
    list: c.get(ListProjects), create: c.get(CreateProject), get: c.get(GetProject), update: c.get(UpdateProject),
    listPipelines: c.get(ListProjectPipelines), listLeads: c.get(ListLeads), createLead: c.get(CreateLead),
  }),
  commands: (c) => projectCommands({
    archiveProject: c.get(ArchiveProject), createPipeline: c.get(CreatePipeline), createCompany: c.get(CreateCompany),
    deactivateCompany: c.get(DeactivateCompany), deactivateLead: c.get(DeactivateLead),
  }),
  async seedDemo(c, team) {
    const squad = await c.get(CreateSquad).execute(team, { name: 'Squad Growth' });
    const project = await c.get(CreateProject).execute(team, {
      name: 'Lançamento Loja Online', description: 'Site e campanhas de lançamento', status: 'active', priority: 'high', squad_id: squad.id,
    });
    const company = await c.get(CreateCompany).execute({ projectId: project.id, name: 'Padaria Pão Quente' });
    await c.get(CreateLead).execute(team, project.id, {
      full_name: 'João Pereira', phone: '(11) 98765-4321', email: 'joao@example.com', company_id: company.id, tags: ['site'],
      customer_source: 'site',
    });
  },
};
