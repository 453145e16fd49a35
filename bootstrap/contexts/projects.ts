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
import { ProvisionTeamProjects } from '../../application/projects/provision-team-projects';
import { Clock } from '../../application/shared/clock';
import { IdGenerator } from '../../application/shared/id-generator';
import { TeamSetupStep } from '../../application/shared/team-setup';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { StageRepository } from '../../domain/projects/stage-repository';
import { StorageKind } from '../config';
import { BoundedContext, byStorage } from '../context';
import { TOKENS } from '../tokens';

export const PROJECT_TOKENS = {
  ProjectRepository: Symbol.for('ProjectRepository'),
  StageRepository: Symbol.for('StageRepository'),
  SquadRepository: Symbol.for('SquadRepository'),
  PipelineRepository: Symbol.for('PipelineRepository'),
  LeadRepository: Symbol.for('LeadRepository'),
  ContactIdentityRepository: Symbol.for('ContactIdentityRepository'),
  CompanyRepository: Symbol.for('CompanyRepository'),
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
  },
};
