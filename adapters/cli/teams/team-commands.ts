import { CreateApiKey, IssuedApiKey } from '../../../application/teams/create-api-key';
import { CreateTeam } from '../../../application/teams/create-team';
import { ListApiKeys } from '../../../application/teams/list-api-keys';
import { ListTeams } from '../../../application/teams/list-teams';
import { RevokeApiKey, RevokedApiKey } from '../../../application/teams/revoke-api-key';
import { ApiKeyData } from '../../../domain/teams/api-key';
import { TeamData } from '../../../domain/teams/team';
import { CliCommand, TEAM_FLAG } from '../cli';
import { PAGE_FLAGS, listOutput, pageArgs } from '../pages';

export interface TeamCommandUseCases {
  createTeam: CreateTeam;
  createKey: CreateApiKey;
  revokeKey: RevokeApiKey;
  listTeams: ListTeams;
  listKeys: ListApiKeys;
}

// The JSON each command prints, as docs/operations.md and docs/decisions.md list it.
const presentTeam = (t: TeamData) => ({ id: t.id, name: t.name, client_quota: t.clientQuota });
const presentListedTeam = (t: TeamData) => ({ ...presentTeam(t), created_at: t.createdAt });
/** The key in clear is printed here only: it is stored hashed. */
const presentIssuedKey = (k: IssuedApiKey) => ({ id: k.id, key: k.key });
const presentRevokedKey = (k: RevokedApiKey) => ({ id: k.id, is_active: k.isActive });
/** Never the key, which is not kept, nor its hash. */
const presentListedKey = (k: ApiKeyData) => ({
  id: k.id,
  name: k.name,
  is_active: k.isActive,
  created_at: k.createdAt,
  revoked_at: k.revokedAt,
});

/** The use cases are resolved when a command runs: declaring the commands (for help) opens nothing. */
export function teamCommands(uc: () => TeamCommandUseCases): CliCommand[] {
  return [
    {
      name: 'team create',
      description: 'Create a team with its project stages, internal project and first API key (the key is printed only here).',
      flags: [
        { name: 'name', type: 'string', required: true, value: 'NAME', description: "The team's name." },
        { name: 'client-quota', type: 'integer', description: 'Most active clients the team may have; unlimited when absent.' },
      ],
      example: 'workspace-admin team create --name "Acme Marketing" --client-quota 50',
      run: async (a) => {
        const { team, apiKey } = await uc().createTeam.execute({ name: a.required('name'), clientQuota: a.integer('client-quota') });
        return { team: presentTeam(team), api_key: presentIssuedKey(apiKey) };
      },
    },
    {
      name: 'team list',
      description: 'List the teams, newest first: id, name, client quota, creation time.',
      flags: PAGE_FLAGS,
      example: 'workspace-admin team list --limit 20',
      columns: ['id', 'name', 'client_quota', 'created_at'],
      run: async (a) => listOutput(await uc().listTeams.execute(pageArgs(a)), presentListedTeam),
    },
    {
      name: 'key create',
      description: 'Issue another API key for a team (the key is printed only here: it is stored hashed).',
      flags: [
        TEAM_FLAG,
        { name: 'name', type: 'string', value: 'NAME', description: 'A label for the key, such as the integration that uses it.' },
      ],
      example: 'workspace-admin key create --team 019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b --name zapier',
      run: async (a) => presentIssuedKey(await uc().createKey.execute(a.team(), { name: a.optional('name') })),
    },
    {
      name: 'key list',
      description: "List a team's API keys, revoked ones included, newest first (never a key or its hash).",
      flags: [TEAM_FLAG, ...PAGE_FLAGS],
      example: 'workspace-admin key list --team 019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b',
      columns: ['id', 'name', 'is_active', 'created_at', 'revoked_at'],
      run: async (a) => listOutput(await uc().listKeys.execute(a.team(), pageArgs(a)), presentListedKey),
    },
    {
      name: 'key revoke',
      description:
        'Revoke an API key. Answers after API_KEY_CACHE_MS (1 s by default), once no server process trusts the key any more: requests made with it are refused from then on.',
      flags: [{ name: 'id', type: 'uuid', required: true, value: 'ID', description: "The key's id (from key create or key list)." }],
      example: 'workspace-admin key revoke --id 019a2b3d-0000-7000-8000-00000000a001',
      run: async (a) => presentRevokedKey(await uc().revokeKey.execute({ id: a.uuid('id') })),
    },
  ];
}
