import { NotFound } from '../../domain/shared/errors';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { UpdateWebhookEndpoint, UpdateWebhookEndpointCommand, UpdatedWebhookEndpoint } from './update-webhook-endpoint';

export type UpdateWebhookEndpointAsOperatorCommand = UpdateWebhookEndpointCommand;

/**
 * `webhook update`: the operator names only the endpoint (its administration id); the team is the
 * endpoint's own, and the change is the one PUT /webhooks/:id makes.
 */
export class UpdateWebhookEndpointAsOperator {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly update: UpdateWebhookEndpoint,
  ) {}

  async execute(command: UpdateWebhookEndpointAsOperatorCommand): Promise<UpdatedWebhookEndpoint> {
    const team = await this.endpoints.findTeamOf(command.id);
    if (!team) throw new NotFound('Webhook endpoint not found');
    return this.update.execute(team, command);
  }
}
