import { ContainerModule } from 'inversify';
import { CliCommand } from '../../adapters/cli/cli';
import { Stopwatch } from '../../application/shared/clock';
import { Memos } from '../../application/shared/memo';
import { teamCommands } from '../../adapters/cli/teams/team-commands';
import { AuthenticateApiKey } from '../../application/teams/authenticate-api-key';
import { CreateApiKey } from '../../application/teams/create-api-key';
import { CreateTeam } from '../../application/teams/create-team';
import { ListApiKeys } from '../../application/teams/list-api-keys';
import { KeyTrust } from '../../application/teams/key-trust';
import { ListTeams } from '../../application/teams/list-teams';
import { RevokeApiKey } from '../../application/teams/revoke-api-key';
import { wiring } from '../binding';
import { Config } from '../config';
import { TOKENS } from '../tokens';
import { TEAM_TOKENS } from './tokens';

export { TEAM_TOKENS };

export const teamsContext = new ContainerModule(({ bind }) => {
  const { singleton, services, later } = wiring(bind);
  const { TeamRepository: teams, ApiKeyRepository: keys } = TEAM_TOKENS;
  singleton(CreateApiKey, [teams, keys, TOKENS.SecretHasher, TOKENS.IdGenerator, TOKENS.Clock]);
  // Every context's provisioning for the new team, in the order the context modules are loaded.
  singleton(CreateTeam, [
    TOKENS.UnitOfWork,
    teams,
    CreateApiKey,
    { serviceIdentifier: TOKENS.TeamSetupStep, isMultiple: true, optional: true } as never,
    TOKENS.IdGenerator,
    TOKENS.Clock,
  ]);
  // One per process: what the process trusts, and the period a revocation waits out.
  bind(KeyTrust)
    .toResolvedValue(
      (config: Config, stopwatch: Stopwatch, memos: Memos) => new KeyTrust(config.apiKeyCacheMs, stopwatch, memos),
      [TOKENS.Config, TOKENS.Stopwatch, TOKENS.Memos],
    )
    .inSingletonScope();
  singleton(RevokeApiKey, [keys, TOKENS.Clock, KeyTrust]);
  singleton(ListTeams, [teams]);
  singleton(ListApiKeys, [keys, teams]);
  singleton(AuthenticateApiKey, [keys, TOKENS.SecretHasher, KeyTrust]);

  bind<CliCommand[]>(TOKENS.CliCommands).toResolvedValue(teamCommands, [
    later(
      services({
        createTeam: CreateTeam,
        createKey: CreateApiKey,
        revokeKey: RevokeApiKey,
        listTeams: ListTeams,
        listKeys: ListApiKeys,
      }),
    ),
  ]);
});
