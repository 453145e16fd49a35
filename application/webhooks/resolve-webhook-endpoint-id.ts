import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { isUuid } from '../../domain/shared/values';
import { isEndpointId } from '../../domain/webhooks/endpoint-id';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';

/**
 * The administration id of the endpoint an operator names by either of its ids: the administration id
 * (`webhook list`'s `id`) as it is, or the public `endpoint_id` that `webhook create` printed with the
 * inbound URL, looked up. The commands that take it look the endpoint up by its administration id, and
 * answer not found for one that does not exist, as before.
 */
export class ResolveWebhookEndpointId {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  async execute(ref: string, field = 'endpoint'): Promise<string> {
    if (isUuid(ref)) return ref.toLowerCase();
    if (!isEndpointId(ref)) throw new ValidationFailed(`${field} must be an endpoint's id or its endpoint_id`, field);
    const endpoint = await this.endpoints.findByEndpointId(ref);
    if (!endpoint) throw new NotFound('Webhook endpoint not found', field);
    return endpoint.id;
  }
}
