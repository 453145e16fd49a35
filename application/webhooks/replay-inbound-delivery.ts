import { NotFound } from '../../domain/shared/errors';
import { InboundDelivery, InboundDeliveryData } from '../../domain/webhooks/inbound-delivery';
import { InboundDeliveryRepository } from '../../domain/webhooks/inbound-delivery-repository';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { InboundProcessor } from './inbound-processor';

export interface ReplayInboundDeliveryCommand {
  /** The delivery's id. */
  id: string;
}

/**
 * The operator runs a stored payload again through its endpoint's current action. A delivery that
 * already succeeded is refused: replaying it would create its lead or deal twice.
 */
export class ReplayInboundDelivery {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: InboundDeliveryRepository,
    private readonly processor: InboundProcessor,
  ) {}

  async execute(command: ReplayInboundDeliveryCommand): Promise<InboundDeliveryData> {
    const team = await this.deliveries.findTeamOf(command.id);
    const delivery = team && (await this.deliveries.findById(team, command.id));
    if (!team || !delivery) throw new NotFound('Delivery not found');
    InboundDelivery.restore(delivery).assertReplayable();
    const endpoint = await this.endpoints.findById(team, delivery.webhookId);
    if (!endpoint) throw new NotFound("The delivery's webhook endpoint no longer exists");
    return (await this.processor.process(team, endpoint, delivery)).delivery;
  }
}
