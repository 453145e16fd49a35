import { ListQuery, Page } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository, WebhookSortField } from '../../domain/webhooks/webhook-endpoint-repository';

export interface ListWebhookEndpointsCommand {
  /** Only active (true) or inactive (false) endpoints; all when absent (the query's `active`). */
  active?: boolean;
  query: ListQuery<WebhookSortField>;
}

export class ListWebhookEndpoints {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  execute(team: TeamContext, command: ListWebhookEndpointsCommand): Promise<Page<WebhookEndpointData>> {
    return this.endpoints.list(team, { isActive: command.active }, command.query);
  }
}
