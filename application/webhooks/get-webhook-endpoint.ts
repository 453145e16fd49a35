import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';

export interface GetWebhookEndpointCommand {
  id: string;
}

export class GetWebhookEndpoint {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  async execute(team: TeamContext, command: GetWebhookEndpointCommand): Promise<WebhookEndpointData> {
    const found = await this.endpoints.findById(team, command.id);
    if (!found) throw new NotFound('Webhook endpoint not found');
    return found;
  }
}
