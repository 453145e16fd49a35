import { ListQuery, Page, UpdatedSince } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';
import { WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository, WebhookSortField } from '../../domain/webhooks/webhook-endpoint-repository';

export interface ListWebhookEndpointsCommand extends UpdatedSince {
  /** Only active (true) or inactive (false) endpoints; all when absent (the query's `active`). */
  active?: boolean;
  query: ListQuery<WebhookSortField>;
}

export class ListWebhookEndpoints {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  execute(team: TeamContext, command: ListWebhookEndpointsCommand): Promise<Page<WebhookEndpointData>> {
    return this.endpoints.list(team, { isActive: command.active, updatedSince: command.updatedSince }, command.query);
  }
}
