import { NotFound } from '../../domain/shared/errors';
import { CursorCommand, CursorPage, cursorPageOf, keysetQueryOf } from '../../domain/shared/keyset';
import { InboundDeliveryData } from '../../domain/webhooks/inbound-delivery';
import { InboundDeliveryRepository } from '../../domain/webhooks/inbound-delivery-repository';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';

export interface ListInboundDeliveriesCommand extends CursorCommand {
  /** The administration id of the endpoint. */
  webhookId: string;
}

/**
 * The operator's view of what an endpoint received (it names the endpoint by its administration id),
 * newest first, a page at a time.
 */
export class ListInboundDeliveries {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: InboundDeliveryRepository,
  ) {}

  async execute(command: ListInboundDeliveriesCommand): Promise<CursorPage<InboundDeliveryData>> {
    const query = keysetQueryOf(command);
    const team = await this.endpoints.findTeamOf(command.webhookId);
    if (!team) throw new NotFound('Webhook endpoint not found');
    return cursorPageOf(await this.deliveries.listByWebhook(team, command.webhookId, query));
  }
}
