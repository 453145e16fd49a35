import { NotFound } from '../../domain/shared/errors';
import { InboundDeliveryData } from '../../domain/webhooks/inbound-delivery';
import { InboundDeliveryRepository } from '../../domain/webhooks/inbound-delivery-repository';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';

export const DELIVERY_LIST_LIMIT = 100;

export interface ListInboundDeliveriesCommand {
  /** The administration id of the endpoint. */
  webhookId: string;
  limit?: number;
}

/** The operator's view of what an endpoint received (it names the endpoint by its administration id). */
export class ListInboundDeliveries {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: InboundDeliveryRepository,
  ) {}

  async execute(command: ListInboundDeliveriesCommand): Promise<InboundDeliveryData[]> {
    const team = await this.endpoints.findTeamOf(command.webhookId);
    if (!team) throw new NotFound('Webhook endpoint not found');
    return this.deliveries.listByWebhook(team, command.webhookId, command.limit ?? DELIVERY_LIST_LIMIT);
  }
}
