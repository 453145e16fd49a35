import { NotFound, Unauthorized } from '../../domain/shared/errors';
import { InboundDelivery } from '../../domain/webhooks/inbound-delivery';
import { InboundDeliveryRepository } from '../../domain/webhooks/inbound-delivery-repository';
import { WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { SecretHasher } from '../shared/secret-hasher';
import { UnitOfWork } from '../shared/unit-of-work';
import { InboundProcessor, InboundResult } from './inbound-processor';

export interface ReceiveInboundWebhookInput {
  /** The public id from the URL. */
  endpointId: string;
  /** `X-Webhook-Secret`, or its legacy alias. */
  secret: string | null;
  payload: unknown;
}

/** POST /webhooks/inbound/:endpointId: public; the endpoint's secret, not an API key, admits the payload. */
export class ReceiveInboundWebhook {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: InboundDeliveryRepository,
    private readonly processor: InboundProcessor,
    private readonly hasher: SecretHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: ReceiveInboundWebhookInput): Promise<InboundResult> {
    const found = await this.endpoints.findByEndpointId(input.endpointId);
    if (!found) throw new NotFound('Webhook endpoint not found');
    const endpoint = WebhookEndpoint.restore(found);
    endpoint.assertReceiving();
    if (found.secretHash !== null && (!input.secret || !this.hasher.matches(input.secret, found.secretHash))) {
      throw new Unauthorized('Missing or wrong webhook secret');
    }
    const team = { teamId: found.teamId };
    const delivery = InboundDelivery.receive(this.ids.next(), found.teamId, found.id, found.actionType, input.payload, this.clock.now());
    // Committed on its own before processing: whatever happens next, the payload is kept.
    const stored = delivery.snapshot();
    await this.uow.run(() => this.deliveries.insert(stored));
    return (await this.processor.process(team, found, stored)).result;
  }
}
