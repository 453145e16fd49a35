import { CursorCommand, CursorPage, cursorPageOf, keysetQueryOf } from '../../domain/shared/keyset';
import { TeamData } from '../../domain/teams/team';
import { TeamRepository } from '../../domain/teams/team-repository';

export type ListTeamsCommand = CursorCommand;

/** `workspace-admin team list`: every team, newest first, a page at a time. */
export class ListTeams {
  constructor(private readonly teams: TeamRepository) {}

  async execute(command: ListTeamsCommand): Promise<CursorPage<TeamData>> {
    return cursorPageOf(await this.teams.listNewestFirst(keysetQueryOf(command)));
  }
}
