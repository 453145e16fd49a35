import { CursorCommand, CursorPage } from '../../domain/shared/keyset';
import { TeamContext } from '../../domain/shared/team';
import { ApiKeyData } from '../../domain/teams/api-key';
import { ApiKeyRepository, TeamRepository } from '../../domain/teams/team-repository';
import { teamPage } from '../shared/operator-team';

export type ListApiKeysCommand = CursorCommand;

/** `workspace-admin key list`: the team's keys, revoked ones included, newest first. Presenters drop the hash. */
export class ListApiKeys {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly teams: TeamRepository,
  ) {}

  async execute(team: TeamContext, command: ListApiKeysCommand): Promise<CursorPage<ApiKeyData>> {
    return teamPage(this.teams, team, command, (query) => this.keys.listNewestFirst(team, query));
  }
}
