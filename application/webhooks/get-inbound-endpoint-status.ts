import { NotFound } from '../../domain/shared/errors';
import { WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';

/** GET /webhooks/inbound/:endpointId: lets a sender check its URL; nothing is processed. */
export class GetInboundEndpointStatus {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  async execute(input: { endpointId: string }): Promise<{ status: 'active' }> {
    const found = await this.endpoints.findByEndpointId(input.endpointId);
    if (!found) throw new NotFound('Webhook endpoint not found');
    WebhookEndpoint.restore(found).assertReceiving();
    return { status: 'active' };
  }
}
