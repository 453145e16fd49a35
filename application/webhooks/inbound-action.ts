import { InboundFields } from '../../domain/webhooks/field-mapping';
import { InboundActionType, WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { TeamContext } from '../../domain/shared/team';

export interface InboundActionResult {
  entityId: string;
  entityType: string;
}

/**
 * What an endpoint's `action_type` does with the mapped fields of a payload. It runs inside the
 * receiver's transaction and throws a domain error for a payload it refuses.
 */
export interface InboundAction {
  run(team: TeamContext, endpoint: WebhookEndpointData, fields: InboundFields): Promise<InboundActionResult>;
}

export type InboundActions = Record<InboundActionType, InboundAction>;

/** The entity each action makes, named in the receiver's answer even when it fails. */
export const ENTITY_TYPE_OF: Record<InboundActionType, string> = { create_deal: 'deal', create_lead: 'lead' };
