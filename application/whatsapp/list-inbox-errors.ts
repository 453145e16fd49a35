import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { isUuid } from '../../domain/shared/values';
import { TeamRepository } from '../../domain/teams/team-repository';
import { InboxErrorData } from '../../domain/whatsapp/inbox-error';
import { InboxErrorRepository } from '../../domain/whatsapp/inbox-error-repository';
import { InboxRepository } from '../../domain/whatsapp/inbox-repository';
import { requireTeam } from '../shared/operator-team';

export interface ListInboxErrorsCommand {
  inboxId?: string;
  /** At most this many, 1 to 1000 (100 when not given). */
  limit?: number;
}

/** `workspace-admin inbox errors`: what the provider reported about the team's numbers, newest first. */
export class ListInboxErrors {
  constructor(
    private readonly errors: InboxErrorRepository,
    private readonly inboxes: InboxRepository,
    private readonly teams: TeamRepository,
  ) {}

  async execute(team: TeamContext, command: ListInboxErrorsCommand): Promise<InboxErrorData[]> {
    const { inboxId, limit } = command;
    await requireTeam(this.teams, team);
    if (inboxId !== undefined && (!isUuid(inboxId) || !(await this.inboxes.findById(team, inboxId)))) {
      throw new NotFound('inbox not found', 'inbox');
    }
    return this.errors.list(team, { inboxId }, Math.min(Math.max(limit ?? 100, 1), 1000));
  }
}
