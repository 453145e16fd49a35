import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { WebhookEndpoint, WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { Clock } from '../shared/clock';
import { SecretHasher } from '../shared/secret-hasher';
import { UnitOfWork } from '../shared/unit-of-work';

export const MAX_VERIFY_TOKEN = 256;

export interface SetWebhookVerifyTokenCommand {
  /** The administration id of the endpoint. */
  webhookId: string;
  /** Null clears it. */
  token: string | null;
}

/**
 * The operator sets (or, with null, clears) the verify token that Meta's subscription handshake
 * sends as `hub.verify_token`. Only its hash is kept, like every other secret: it is typed into
 * Meta's dashboard once and never needs to be shown again.
 */
export class SetWebhookVerifyToken {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async execute(command: SetWebhookVerifyTokenCommand): Promise<WebhookEndpointData> {
    // Kept exactly as given (not trimmed): Meta sends back exactly what was typed in its dashboard.
    const token = command.token;
    if (token !== null && (!token.trim() || token.length > MAX_VERIFY_TOKEN)) {
      throw new ValidationFailed(`The verify token must be 1 to ${MAX_VERIFY_TOKEN} characters`, 'token');
    }
    const team = await this.endpoints.findTeamOf(command.webhookId);
    if (!team) throw new NotFound('Webhook endpoint not found');
    return this.uow.run(async () => {
      const found = await this.endpoints.findById(team, command.webhookId);
      if (!found) throw new NotFound('Webhook endpoint not found');
      const endpoint = WebhookEndpoint.restore(found);
      endpoint.setVerifyTokenHash(token === null ? null : this.hasher.hash(token), this.clock.now());
      const data = endpoint.snapshot();
      await this.endpoints.update(data);
      return data;
    });
  }
}
