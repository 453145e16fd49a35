import { NotFound } from '../../domain/shared/errors';
import { CursorCommand, CursorPage, cursorPageOf, keysetQueryOf } from '../../domain/shared/keyset';
import { TeamContext } from '../../domain/shared/team';
import { isUuid } from '../../domain/shared/values';
import { TeamRepository } from '../../domain/teams/team-repository';
import { InboxRepository, InboxSummary } from '../../domain/whatsapp/inbox-repository';

export type ListInboxesCommand = CursorCommand;

/** `workspace-admin inbox list`: the team's inboxes, newest first, without credentials (none is opened). */
export class ListInboxes {
  constructor(
    private readonly inboxes: InboxRepository,
    private readonly teams: TeamRepository,
  ) {}

  async execute(team: TeamContext, command: ListInboxesCommand): Promise<CursorPage<InboxSummary>> {
    const query = keysetQueryOf(command);
    if (!isUuid(team.teamId) || !(await this.teams.findById(team.teamId))) throw new NotFound('team not found', 'team');
    return cursorPageOf(await this.inboxes.listSummaries(team, query));
  }
}
