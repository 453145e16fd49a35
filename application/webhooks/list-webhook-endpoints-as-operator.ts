import { CursorCommand, CursorPage } from '../../domain/shared/keyset';
import { TeamContext } from '../../domain/shared/team';
import { TeamRepository } from '../../domain/teams/team-repository';
import { WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { teamPage } from '../shared/operator-team';

export type ListWebhookEndpointsAsOperatorCommand = CursorCommand;

/** `workspace-admin webhook list`: the team's endpoints, inactive ones included, newest first. */
export class ListWebhookEndpointsAsOperator {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly teams: TeamRepository,
  ) {}

  async execute(team: TeamContext, command: ListWebhookEndpointsAsOperatorCommand): Promise<CursorPage<WebhookEndpointData>> {
    return teamPage(this.teams, team, command, (query) => this.endpoints.listNewestFirst(team, query));
  }
}
