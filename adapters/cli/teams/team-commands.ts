import { CreateApiKey, IssuedApiKey } from '../../../application/teams/create-api-key';
import { CreateTeam } from '../../../application/teams/create-team';
import { RevokeApiKey, RevokedApiKey } from '../../../application/teams/revoke-api-key';
import { TeamData } from '../../../domain/teams/team';
import { CliCommand } from '../cli';

// The JSON each command prints, as README and DECISIONS.md list it.
const presentTeam = (t: TeamData) => ({ id: t.id, name: t.name, client_quota: t.clientQuota });
/** The key in clear is printed here only: it is stored hashed. */
const presentIssuedKey = (k: IssuedApiKey) => ({ id: k.id, key: k.key });
const presentRevokedKey = (k: RevokedApiKey) => ({ id: k.id, is_active: k.isActive });

export function teamCommands(uc: { createTeam: CreateTeam; createKey: CreateApiKey; revokeKey: RevokeApiKey }): CliCommand[] {
  return [
    {
      name: 'team create',
      usage: 'team create --name N [--client-quota K]',
      run: async (a) => {
        const { team, apiKey } = await uc.createTeam.execute({ name: a.required('name'), clientQuota: a.integer('client-quota') });
        return { team: presentTeam(team), api_key: presentIssuedKey(apiKey) };
      },
    },
    {
      name: 'key create',
      usage: 'key create --team ID [--name N]',
      run: async (a) => presentIssuedKey(await uc.createKey.execute({ teamId: a.required('team') }, { name: a.optional('name') })),
    },
    {
      name: 'key revoke',
      usage: 'key revoke --id ID',
      run: async (a) => presentRevokedKey(await uc.revokeKey.execute({ id: a.required('id') })),
    },
  ];
}
