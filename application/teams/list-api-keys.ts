import { CursorCommand, CursorPage, cursorPageOf, keysetQueryOf } from '../../domain/shared/keyset';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { isUuid } from '../../domain/shared/values';
import { ApiKeyData } from '../../domain/teams/api-key';
import { ApiKeyRepository, TeamRepository } from '../../domain/teams/team-repository';

export type ListApiKeysCommand = CursorCommand;

/** `workspace-admin key list`: the team's keys, revoked ones included, newest first. Presenters drop the hash. */
export class ListApiKeys {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly teams: TeamRepository,
  ) {}

  async execute(team: TeamContext, command: ListApiKeysCommand): Promise<CursorPage<ApiKeyData>> {
    const query = keysetQueryOf(command);
    if (!isUuid(team.teamId) || !(await this.teams.findById(team.teamId))) throw new NotFound('team not found', 'team');
    return cursorPageOf(await this.keys.listNewestFirst(team, query));
  }
}
