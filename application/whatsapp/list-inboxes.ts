import { CursorCommand, CursorPage } from '../../domain/shared/keyset';
import { TeamContext } from '../../domain/shared/team';
import { TeamRepository } from '../../domain/teams/team-repository';
import { InboxRepository, InboxSummary } from '../../domain/whatsapp/inbox-repository';
import { teamPage } from '../shared/operator-team';

export type ListInboxesCommand = CursorCommand;

/** `workspace-admin inbox list`: the team's inboxes, newest first, without credentials (none is opened). */
export class ListInboxes {
  constructor(
    private readonly inboxes: InboxRepository,
    private readonly teams: TeamRepository,
  ) {}

  async execute(team: TeamContext, command: ListInboxesCommand): Promise<CursorPage<InboxSummary>> {
    return teamPage(this.teams, team, command, (query) => this.inboxes.listSummaries(team, query));
  }
}
