import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { WebhookEndpoint, WebhookEndpointChanges, WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';

export interface UpdateWebhookEndpointCommand {
  id: string;
  changes: WebhookEndpointChanges;
}

/** PUT /webhooks/:id: name, is_active, field_mapping, idempotency_path; the action stays. */
export class UpdateWebhookEndpoint {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly clock: Clock,
  ) {}

  execute(team: TeamContext, command: UpdateWebhookEndpointCommand): Promise<WebhookEndpointData> {
    return this.uow.run(async () => {
      const found = await this.endpoints.findById(team, command.id);
      if (!found) throw new NotFound('Webhook endpoint not found');
      const endpoint = WebhookEndpoint.restore(found);
      endpoint.update(command.changes, this.clock.now());
      const data = endpoint.snapshot();
      await this.endpoints.update(data);
      return data;
    });
  }
}
