import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { UnitOfWork } from '../shared/unit-of-work';

export interface DeleteWebhookEndpointCommand {
  id: string;
}

export interface DeletedWebhookEndpoint {
  id: string;
  deleted: true;
}

/**
 * DELETE /webhooks/:id is permanent: the public URL stops answering at once. The deliveries it
 * received are kept as the record of what was accepted.
 */
export class DeleteWebhookEndpoint {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
  ) {}

  async execute(team: TeamContext, command: DeleteWebhookEndpointCommand): Promise<DeletedWebhookEndpoint> {
    const { id } = command;
    const deleted = await this.uow.run(() => this.endpoints.delete(team, id));
    if (!deleted) throw new NotFound('Webhook endpoint not found');
    return { id, deleted: true };
  }
}
