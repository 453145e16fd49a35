import { CreateApiKey } from '../../../application/teams/create-api-key';
import { CreateTeam } from '../../../application/teams/create-team';
import { RevokeApiKey } from '../../../application/teams/revoke-api-key';
import { CliCommand } from '../cli';

export function teamCommands(uc: { createTeam: CreateTeam; createKey: CreateApiKey; revokeKey: RevokeApiKey }): CliCommand[] {
  return [
    {
      name: 'team create',
      usage: 'team create --name N [--client-quota K]',
      run: async (a) => {
        const { team, apiKey } = await uc.createTeam.execute({ name: a.required('name'), clientQuota: a.integer('client-quota') });
        return { team: { id: team.id, name: team.name, client_quota: team.clientQuota }, api_key: apiKey };
      },
    },
    {
      name: 'key create',
      usage: 'key create --team ID [--name N]',
      run: (a) => uc.createKey.execute({ teamId: a.required('team'), name: a.optional('name') }),
    },
    {
      name: 'key revoke',
      usage: 'key revoke --id ID',
      run: (a) => uc.revokeKey.execute({ id: a.required('id') }),
    },
  ];
}
