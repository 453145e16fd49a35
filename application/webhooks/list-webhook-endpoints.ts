import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointFilter, WebhookEndpointRepository, WebhookSortField } from '../../domain/webhooks/webhook-endpoint-repository';

export class ListWebhookEndpoints {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  execute(team: TeamContext, filter: WebhookEndpointFilter, query: ListQuery<WebhookSortField>): Promise<Page<WebhookEndpointData>> {
    return this.endpoints.list(team, filter, query);
  }
}
