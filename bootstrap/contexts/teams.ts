import { Container } from 'inversify';
import { teamCommands } from '../../adapters/cli/teams/team-commands';
import { KnexDatabase } from '../../adapters/persistence/knex/shared/knex-database';
import { KnexApiKeyRepository, KnexTeamRepository } from '../../adapters/persistence/knex/teams/knex-team-repository';
import { MemoryStore } from '../../adapters/persistence/memory/shared/memory-store';
import { MemoryApiKeyRepository, MemoryTeamRepository } from '../../adapters/persistence/memory/teams/memory-team-repository';
import { Clock } from '../../application/shared/clock';
import { IdGenerator } from '../../application/shared/id-generator';
import { SecretHasher } from '../../application/shared/secret-hasher';
import { TeamSetupStep } from '../../application/shared/team-setup';
import { UnitOfWork } from '../../application/shared/unit-of-work';
import { AuthenticateApiKey } from '../../application/teams/authenticate-api-key';
import { CreateApiKey } from '../../application/teams/create-api-key';
import { CreateTeam } from '../../application/teams/create-team';
import { ListApiKeys } from '../../application/teams/list-api-keys';
import { ListTeams } from '../../application/teams/list-teams';
import { RevokeApiKey } from '../../application/teams/revoke-api-key';
import { ApiKeyRepository, TeamRepository } from '../../domain/teams/team-repository';
import { BoundedContext, byStorage } from '../context';
import { TOKENS } from '../tokens';

export const TEAM_TOKENS = {
  TeamRepository: Symbol.for('TeamRepository'),
  ApiKeyRepository: Symbol.for('ApiKeyRepository'),
} as const;

export const teamsContext: BoundedContext = {
  name: 'teams',
  bind(c, storage) {
    c.bind<TeamRepository>(TEAM_TOKENS.TeamRepository).toDynamicValue((ctx) =>
      byStorage<TeamRepository>(storage, () => new MemoryTeamRepository(ctx.get(TOKENS.MemoryStore)), () => new KnexTeamRepository(ctx.get(TOKENS.KnexDatabase)))).inSingletonScope();
    c.bind<ApiKeyRepository>(TEAM_TOKENS.ApiKeyRepository).toDynamicValue((ctx) =>
      byStorage<ApiKeyRepository>(storage, () => new MemoryApiKeyRepository(ctx.get<MemoryStore>(TOKENS.MemoryStore)), () => new KnexApiKeyRepository(ctx.get<KnexDatabase>(TOKENS.KnexDatabase)))).inSingletonScope();
    c.bind(CreateApiKey).toResolvedValue(
      (t: TeamRepository, k: ApiKeyRepository, h: SecretHasher, i: IdGenerator, cl: Clock) => new CreateApiKey(t, k, h, i, cl),
      [TEAM_TOKENS.TeamRepository, TEAM_TOKENS.ApiKeyRepository, TOKENS.SecretHasher, TOKENS.IdGenerator, TOKENS.Clock]).inSingletonScope();
    c.bind(CreateTeam).toResolvedValue(
      (u: UnitOfWork, t: TeamRepository, k: CreateApiKey, steps: TeamSetupStep[], i: IdGenerator, cl: Clock) => new CreateTeam(u, t, k, steps, i, cl),
      [TOKENS.UnitOfWork, TEAM_TOKENS.TeamRepository, CreateApiKey, { serviceIdentifier: TOKENS.TeamSetupStep, isMultiple: true, optional: true } as never,
        TOKENS.IdGenerator, TOKENS.Clock]).inSingletonScope();
    c.bind(RevokeApiKey).toResolvedValue((k: ApiKeyRepository, cl: Clock) => new RevokeApiKey(k, cl),
      [TEAM_TOKENS.ApiKeyRepository, TOKENS.Clock]).inSingletonScope();
    c.bind(ListTeams).toResolvedValue((t: TeamRepository) => new ListTeams(t), [TEAM_TOKENS.TeamRepository]).inSingletonScope();
    c.bind(ListApiKeys).toResolvedValue((k: ApiKeyRepository, t: TeamRepository) => new ListApiKeys(k, t),
      [TEAM_TOKENS.ApiKeyRepository, TEAM_TOKENS.TeamRepository]).inSingletonScope();
    c.bind(AuthenticateApiKey).toResolvedValue((k: ApiKeyRepository, h: SecretHasher) => new AuthenticateApiKey(k, h),
      [TEAM_TOKENS.ApiKeyRepository, TOKENS.SecretHasher]).inSingletonScope();
  },
  commands: (c: Container) => teamCommands(() => ({
    createTeam: c.get(CreateTeam), createKey: c.get(CreateApiKey), revokeKey: c.get(RevokeApiKey), listTeams: c.get(ListTeams), listKeys: c.get(ListApiKeys),
  })),
};
