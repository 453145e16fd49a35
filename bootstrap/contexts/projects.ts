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
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { ClientRepository } from '../../domain/clients/client-repository';
import { CompanyRepository } from '../../domain/projects/company-repository';
import { ContactIdentityRepository } from '../../domain/projects/contact-identity-repository';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { SquadRepository } from '../../domain/projects/squad-repository';
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

/** One repository port, memory or Knex by storage. */
function bindRepository(
  c: Container, storage: StorageKind, token: symbol,
  memory: new (store: MemoryStore) => unknown, knex: new (database: KnexDatabase) => unknown,
): void {
  c.bind(token).toDynamicValue((ctx) => byStorage(storage,
    () => new memory(ctx.get<MemoryStore>(TOKENS.MemoryStore)),
    () => new knex(ctx.get<KnexDatabase>(TOKENS.KnexDatabase)))).inSingletonScope();
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

    const { UnitOfWork: uow, IdGenerator: ids, Clock: clock } = TOKENS;
    const clients = CLIENT_TOKENS.ClientRepository;
    type Projects = ProjectRepository;
    type Stages = StageRepository;
    type Squads = SquadRepository;
    type Clients = ClientRepository;
    type Pipelines = PipelineRepository;
    type Leads = LeadRepository;
    type Companies = CompanyRepository;

    c.bind(ListProjects).toResolvedValue((p: Projects, s: Stages, q: Squads, cr: Clients) => new ListProjects(p, s, q, cr),
      [T.ProjectRepository, T.StageRepository, T.SquadRepository, clients]).inSingletonScope();
    c.bind(GetProject).toResolvedValue((p: Projects) => new GetProject(p), [T.ProjectRepository]).inSingletonScope();
    c.bind(CreateProject).toResolvedValue(
      (u: UnitOfWork, p: Projects, s: Stages, pl: Pipelines, q: Squads, cr: Clients, i: IdGenerator, cl: Clock) => new CreateProject(u, p, s, pl, q, cr, i, cl),
      [uow, T.ProjectRepository, T.StageRepository, T.PipelineRepository, T.SquadRepository, clients, ids, clock]).inSingletonScope();
    c.bind(UpdateProject).toResolvedValue(
      (u: UnitOfWork, p: Projects, s: Stages, q: Squads, cr: Clients, cl: Clock) => new UpdateProject(u, p, s, q, cr, cl),
      [uow, T.ProjectRepository, T.StageRepository, T.SquadRepository, clients, clock]).inSingletonScope();
    c.bind(ArchiveProject).toResolvedValue((u: UnitOfWork, p: Projects, cl: Clock) => new ArchiveProject(u, p, cl),
      [uow, T.ProjectRepository, clock]).inSingletonScope();
    c.bind(CreateSquad).toResolvedValue((q: Squads, i: IdGenerator, cl: Clock) => new CreateSquad(q, i, cl),
      [T.SquadRepository, ids, clock]).inSingletonScope();
    c.bind(ListProjectPipelines).toResolvedValue((p: Projects, pl: Pipelines) => new ListProjectPipelines(p, pl),
      [T.ProjectRepository, T.PipelineRepository]).inSingletonScope();
    c.bind(CreatePipeline).toResolvedValue(
      (u: UnitOfWork, p: Projects, pl: Pipelines, i: IdGenerator, cl: Clock) => new CreatePipeline(u, p, pl, i, cl),
      [uow, T.ProjectRepository, T.PipelineRepository, ids, clock]).inSingletonScope();
    c.bind<LeadIntakePorts>(T.LeadIntakePorts).toResolvedValue(
      (projects: Projects, leads: Leads, identities: ContactIdentityRepository, companies: Companies, i: IdGenerator, cl: Clock) =>
        ({ projects, leads, identities, companies, ids: i, clock: cl }),
      [T.ProjectRepository, T.LeadRepository, T.ContactIdentityRepository, T.CompanyRepository, ids, clock]).inSingletonScope();
    c.bind(CreateLead).toResolvedValue((u: UnitOfWork, ports: LeadIntakePorts) => new CreateLead(u, ports),
      [uow, T.LeadIntakePorts]).inSingletonScope();
    c.bind(FindOrCreateLead).toResolvedValue((u: UnitOfWork, ports: LeadIntakePorts) => new FindOrCreateLead(u, ports),
      [uow, T.LeadIntakePorts]).inSingletonScope();
    c.bind(ListLeads).toResolvedValue((p: Projects, l: Leads, co: Companies) => new ListLeads(p, l, co),
      [T.ProjectRepository, T.LeadRepository, T.CompanyRepository]).inSingletonScope();
    c.bind(DeactivateLead).toResolvedValue((u: UnitOfWork, l: Leads, cl: Clock) => new DeactivateLead(u, l, cl),
      [uow, T.LeadRepository, clock]).inSingletonScope();
    c.bind(CreateCompany).toResolvedValue(
      (u: UnitOfWork, p: Projects, co: Companies, i: IdGenerator, cl: Clock) => new CreateCompany(u, p, co, i, cl),
      [uow, T.ProjectRepository, T.CompanyRepository, ids, clock]).inSingletonScope();
    c.bind(DeactivateCompany).toResolvedValue((u: UnitOfWork, co: Companies, cl: Clock) => new DeactivateCompany(u, co, cl),
      [uow, T.CompanyRepository, clock]).inSingletonScope();
  },
  routes: (c) => projectRoutes({
    list: c.get(ListProjects), create: c.get(CreateProject), get: c.get(GetProject), update: c.get(UpdateProject),
    listPipelines: c.get(ListProjectPipelines), listLeads: c.get(ListLeads), createLead: c.get(CreateLead),
  }),
  commands: (c) => projectCommands(() => ({
    archiveProject: c.get(ArchiveProject), createPipeline: c.get(CreatePipeline), createCompany: c.get(CreateCompany),
    deactivateCompany: c.get(DeactivateCompany), deactivateLead: c.get(DeactivateLead),
  })),
  async seedDemo(c, team) {
    const squad = await c.get(CreateSquad).execute(team, { name: 'Squad Growth' });
    const project = await c.get(CreateProject).execute(team, {
      name: 'Lançamento Loja Online', description: 'Site e campanhas de lançamento', status: 'active', priority: 'high', squadId: squad.id,
    });
    const company = await c.get(CreateCompany).execute({ projectId: project.id, name: 'Padaria Pão Quente' });
    await c.get(CreateLead).execute(team, {
      projectId: project.id, fullName: 'João Pereira', phone: '(11) 98765-4321', email: 'joao@example.com', companyId: company.id,
      tags: ['site'], customerSource: 'site',
    });
  },
};
