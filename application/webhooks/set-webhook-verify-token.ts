import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { WebhookEndpoint, WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { VerifyTokenHasher } from './verify-token-hasher';

export const MAX_VERIFY_TOKEN = 256;

export interface SetWebhookVerifyTokenCommand {
  /** The administration id of the endpoint. */
  webhookId: string;
  /** Null clears it. */
  token: string | null;
}

/**
 * The operator sets (or, with null, clears) the verify token that Meta's subscription handshake
 * sends as `hub.verify_token`. Only its salted hash is kept, like every other secret: it is typed into
 * Meta's dashboard once and never needs to be shown again. Setting it again also replaces a hash kept
 * unsalted before tokens were salted.
 */
export class SetWebhookVerifyToken {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly hasher: VerifyTokenHasher,
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
    const hash = token === null ? null : await this.hasher.hash(token);
    return this.uow.run(async () => {
      const found = await this.endpoints.findById(team, command.webhookId);
      if (!found) throw new NotFound('Webhook endpoint not found');
      const endpoint = WebhookEndpoint.restore(found);
      endpoint.setVerifyTokenHash(hash, this.clock.now());
      const data = endpoint.snapshot();
      await this.endpoints.update(data);
      return data;
    });
  }
}
