// Operator commands name a team by its id (`--team`), which may be any text: these check it first.
import { NotFound } from '../../domain/shared/errors';
import { CursorCommand, CursorPage, KeysetPage, KeysetQuery, cursorPageOf, keysetQueryOf } from '../../domain/shared/keyset';
import { TeamContext } from '../../domain/shared/team';
import { isUuid } from '../../domain/shared/values';
import { TeamRepository } from '../../domain/teams/team-repository';

/** 404 on `team` when the operator named no team that exists (a malformed id included). */
export async function requireTeam(teams: TeamRepository, team: TeamContext): Promise<void> {
  if (!isUuid(team.teamId) || !(await teams.findById(team.teamId))) throw new NotFound('team not found', 'team');
}

/** One page of a team's records, newest first: the cursor checked, then the team, then the page read. */
export async function teamPage<T>(
  teams: TeamRepository,
  team: TeamContext,
  command: CursorCommand,
  read: (query: KeysetQuery) => Promise<KeysetPage<T>>,
): Promise<CursorPage<T>> {
  const query = keysetQueryOf(command);
  await requireTeam(teams, team);
  return cursorPageOf(await read(query));
}
