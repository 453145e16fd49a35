import { ContainerModule } from 'inversify';
import { CliCommand } from '../../adapters/cli/cli';
import { projectCommands } from '../../adapters/cli/projects/project-commands';
import { RouteModule } from '../../adapters/http/app';
import { EventLog } from '../../application/events/event-log';
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
import { UpsertLeads } from '../../application/projects/upsert-leads';
import { IdempotentBatches } from '../../application/shared/idempotent-batches';
import { Clock } from '../../application/shared/clock';
import { IdGenerator } from '../../application/shared/id-generator';
import { TeamSetupStep } from '../../application/shared/team-setup';
import { CompanyRepository } from '../../domain/projects/company-repository';
import { ContactIdentityRepository } from '../../domain/projects/contact-identity-repository';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { onFirstCall, wiring } from '../binding';
import { DemoSeed, TOKENS } from '../tokens';
import { CLIENT_TOKENS, EVENT_TOKENS, PROJECT_TOKENS } from './tokens';

export { PROJECT_TOKENS };

// Loaded when the HTTP app asks for the routes, never by a command of the CLI (`onFirstCall`).
/* eslint-disable @typescript-eslint/no-require-imports */
const projectRoutes = onFirstCall(
  () =>
    (require('../../adapters/http/projects/project-routes') as typeof import('../../adapters/http/projects/project-routes')).projectRoutes,
);
/* eslint-enable @typescript-eslint/no-require-imports */

export const projectsContext = new ContainerModule(({ bind }) => {
  const { singleton, services, later } = wiring(bind);
  const T = PROJECT_TOKENS;
  const { UnitOfWork: uow, IdGenerator: ids, Clock: clock } = TOKENS;
  const clients = CLIENT_TOKENS.ClientRepository;
  const trigger = EVENT_TOKENS.DispatchTrigger;

  singleton(ProvisionTeamProjects, [T.StageRepository, T.ProjectRepository, T.PipelineRepository, ids, clock]);
  bind<TeamSetupStep>(TOKENS.TeamSetupStep).toResolvedValue((step: ProvisionTeamProjects) => step, [ProvisionTeamProjects]);

  singleton(ListProjects, [T.ProjectRepository, T.StageRepository, T.SquadRepository, clients]);
  singleton(GetProject, [T.ProjectRepository]);
  singleton(CreateProject, [
    uow,
    T.ProjectRepository,
    T.StageRepository,
    T.PipelineRepository,
    T.SquadRepository,
    clients,
    ids,
    clock,
    EventLog,
    trigger,
  ]);
  singleton(UpdateProject, [uow, T.ProjectRepository, T.StageRepository, T.SquadRepository, clients, clock, EventLog, trigger]);
  singleton(ArchiveProject, [uow, T.ProjectRepository, clock, EventLog, trigger]);
  singleton(CreateSquad, [T.SquadRepository, ids, clock]);
  singleton(ListProjectPipelines, [T.ProjectRepository, T.PipelineRepository]);
  singleton(CreatePipeline, [uow, T.ProjectRepository, T.PipelineRepository, ids, clock]);
  bind<LeadIntakePorts>(T.LeadIntakePorts)
    .toResolvedValue(
      (
        projects: ProjectRepository,
        leads: LeadRepository,
        identities: ContactIdentityRepository,
        companies: CompanyRepository,
        i: IdGenerator,
        cl: Clock,
      ) => ({ projects, leads, identities, companies, ids: i, clock: cl }),
      [T.ProjectRepository, T.LeadRepository, T.ContactIdentityRepository, T.CompanyRepository, ids, clock],
    )
    .inSingletonScope();
  singleton(CreateLead, [uow, T.LeadIntakePorts, EventLog, trigger]);
  singleton(FindOrCreateLead, [uow, T.LeadIntakePorts, EventLog, trigger]);
  singleton(UpsertLeads, [uow, T.LeadIntakePorts, EventLog, trigger]);
  singleton(ListLeads, [T.ProjectRepository, T.LeadRepository, T.CompanyRepository]);
  singleton(DeactivateLead, [uow, T.LeadRepository, clock, EventLog, trigger]);
  singleton(CreateCompany, [uow, T.ProjectRepository, T.CompanyRepository, ids, clock]);
  singleton(DeactivateCompany, [uow, T.CompanyRepository, clock]);

  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(projectRoutes, [
    services({
      list: ListProjects,
      create: CreateProject,
      get: GetProject,
      update: UpdateProject,
      listPipelines: ListProjectPipelines,
      listLeads: ListLeads,
      createLead: CreateLead,
      upsertLeads: UpsertLeads,
      batches: IdempotentBatches,
    }),
  ]);
  bind<CliCommand[]>(TOKENS.CliCommands).toResolvedValue(projectCommands, [
    later(
      services({
        archiveProject: ArchiveProject,
        createPipeline: CreatePipeline,
        createCompany: CreateCompany,
        deactivateCompany: DeactivateCompany,
        deactivateLead: DeactivateLead,
      }),
    ),
  ]);
  bind<DemoSeed>(TOKENS.DemoSeed).toResolvedValue(
    (createSquad: CreateSquad, createProject: CreateProject, createCompany: CreateCompany, createLead: CreateLead): DemoSeed =>
      async (team) => {
        const squad = await createSquad.execute(team, { name: 'Squad Growth' });
        const project = await createProject.execute(team, {
          name: 'Lançamento Loja Online',
          description: 'Site e campanhas de lançamento',
          status: 'active',
          priority: 'high',
          squadId: squad.id,
        });
        const company = await createCompany.execute({ projectId: project.id, name: 'Padaria Pão Quente' });
        await createLead.execute(team, {
          projectId: project.id,
          fullName: 'João Pereira',
          phone: '(11) 98765-4321',
          email: 'joao@example.com',
          companyId: company.id,
          tags: ['site'],
          customerSource: 'site',
        });
      },
    [CreateSquad, CreateProject, CreateCompany, CreateLead],
  );
});
