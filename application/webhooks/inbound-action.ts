import { InboundFields } from '../../domain/webhooks/field-mapping';
import { InboundActionType, WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { TeamContext } from '../../domain/shared/team';

export interface InboundActionResult {
  entityId: string;
  entityType: string;
}

/**
 * What an endpoint's `action_type` does with the mapped fields of one record of a payload. It runs
 * inside the receiver's transaction (once per record) and throws a domain error for a record it refuses.
 */
export interface InboundAction {
  run(team: TeamContext, endpoint: WebhookEndpointData, fields: InboundFields): Promise<InboundActionResult>;
  /** Called once the receiver's transaction has committed what `run` wrote (to wake a dispatcher, say). */
  afterCommit?(): void;
}

export type InboundActions = Record<InboundActionType, InboundAction>;

/** The entity each action makes, named in the receiver's answer even when it fails. */
export const ENTITY_TYPE_OF: Record<InboundActionType, string> = { create_deal: 'deal', create_lead: 'lead' };
