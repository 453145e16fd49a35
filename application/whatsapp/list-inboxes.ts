import { CursorCommand, CursorPage } from '../../domain/shared/keyset';
import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { TeamRepository } from '../../domain/teams/team-repository';
import { InboxFilter, InboxRepository, InboxSortField, InboxSummary } from '../../domain/whatsapp/inbox-repository';
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

export interface ListTeamInboxesCommand extends InboxFilter {
  query: ListQuery<InboxSortField>;
}

/**
 * GET /whatsapp/inboxes: the key's team's inboxes a page at a time, read as `inbox list` reads them, without
 * their credentials (none is opened). The key names the team, so there is no team to check.
 */
export class ListTeamInboxes {
  constructor(private readonly inboxes: InboxRepository) {}

  execute(team: TeamContext, command: ListTeamInboxesCommand): Promise<Page<InboxSummary>> {
    const { query, ...filter } = command;
    return this.inboxes.list(team, filter, query);
  }
}
