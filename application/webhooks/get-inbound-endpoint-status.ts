import { NotFound, Unauthorized, ValidationFailed } from '../../domain/shared/errors';
import { WebhookEndpoint } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { VerifyTokenHasher } from './verify-token-hasher';

/** Meta's subscription handshake: `hub.mode`, `hub.verify_token`, `hub.challenge` from the query. */
export interface HubHandshake {
  mode: string | null;
  verifyToken: string | null;
  challenge: string | null;
}

export interface GetInboundEndpointStatusCommand {
  /** The public id from the URL. */
  endpointId: string;
  /** Present when the query has any `hub.*` parameter. */
  hub?: HubHandshake | null;
}

export type InboundEndpointStatus = { kind: 'status'; status: 'active' } | { kind: 'challenge'; challenge: string };

/**
 * GET /webhooks/inbound/:endpointId: lets a sender check its URL; nothing is processed. An endpoint
 * with a verify token answers Meta's handshake by echoing `hub.challenge` when the token matches.
 */
export class GetInboundEndpointStatus {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly hasher: VerifyTokenHasher,
  ) {}

  async execute(command: GetInboundEndpointStatusCommand): Promise<InboundEndpointStatus> {
    const found = await this.endpoints.findByEndpointId(command.endpointId);
    if (!found) throw new NotFound('Webhook endpoint not found');
    WebhookEndpoint.restore(found).assertReceiving();
    const hub = command.hub;
    if (!hub || found.verifyTokenHash === null) return { kind: 'status', status: 'active' };
    if (hub.mode !== 'subscribe') throw new ValidationFailed('hub.mode must be subscribe', 'hub.mode');
    if (!hub.verifyToken || !(await this.hasher.matches(hub.verifyToken, found.verifyTokenHash))) {
      throw new Unauthorized('Wrong hub.verify_token');
    }
    if (!hub.challenge) throw new ValidationFailed('hub.challenge is required', 'hub.challenge');
    return { kind: 'challenge', challenge: hub.challenge };
  }
}
