import { NotFound } from '../../domain/shared/errors';
import { CursorCommand, CursorPage, cursorPageOf, keysetQueryOf } from '../../domain/shared/keyset';
import { TeamContext } from '../../domain/shared/team';
import { isUuid } from '../../domain/shared/values';
import { TeamRepository } from '../../domain/teams/team-repository';
import { WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';

export type ListWebhookEndpointsAsOperatorCommand = CursorCommand;

/** `workspace-admin webhook list`: the team's endpoints, inactive ones included, newest first. */
export class ListWebhookEndpointsAsOperator {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly teams: TeamRepository,
  ) {}

  async execute(team: TeamContext, command: ListWebhookEndpointsAsOperatorCommand): Promise<CursorPage<WebhookEndpointData>> {
    const query = keysetQueryOf(command);
    if (!isUuid(team.teamId) || !(await this.teams.findById(team.teamId))) throw new NotFound('team not found', 'team');
    return cursorPageOf(await this.endpoints.listNewestFirst(team, query));
  }
}
