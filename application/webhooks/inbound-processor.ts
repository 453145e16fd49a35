import { Conflict, DomainError } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { mapInboundPayload, requireContactPoint } from '../../domain/webhooks/field-mapping';
import { InboundDelivery, InboundDeliveryData } from '../../domain/webhooks/inbound-delivery';
import { InboundDeliveryRepository } from '../../domain/webhooks/inbound-delivery-repository';
import { InboundActionType, WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { Clock } from '../shared/clock';
import { Logger } from '../shared/logger';
import { UnitOfWork } from '../shared/unit-of-work';
import { ENTITY_TYPE_OF, InboundActions } from './inbound-action';

/**
 * The answer of the receiver (spec 4.9): `processed` when the action ran to an outcome, successful
 * or refused; `crashed` for an unexpected exception, which the spec answers with only `error`.
 */
export type InboundResult =
  | { kind: 'processed'; success: boolean; action: InboundActionType; entityId: string | null; entityType: string; error?: string }
  | { kind: 'crashed'; error: string };

export interface ProcessedDelivery {
  result: InboundResult;
  delivery: InboundDeliveryData;
}

/** Another attempt took the delivery first (a concurrent replay): nothing was done or recorded here. */
export class DeliveryTaken extends Conflict {
  constructor() {
    super('The delivery is being processed by another attempt, or was processed already');
  }
}

/**
 * Runs a stored delivery through its endpoint's action and records the outcome. Success is
 * recorded in the action's own transaction, so a delivery is never marked done without its
 * effect; a failure is recorded after the action's writes were rolled back. An attempt first
 * claims the delivery, so two replays at once cannot both run the action.
 */
export class InboundProcessor {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly deliveries: InboundDeliveryRepository,
    private readonly actions: InboundActions,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async process(team: TeamContext, endpoint: WebhookEndpointData, stored: InboundDeliveryData): Promise<ProcessedDelivery> {
    const action = endpoint.actionType;
    const delivery = InboundDelivery.restore(stored);
    try {
      return await this.uow.run(async () => {
        if (!(await this.deliveries.claim(team, stored.id, stored.attempts))) throw new DeliveryTaken();
        const fields = mapInboundPayload(delivery.payload, endpoint.fieldMapping);
        requireContactPoint(fields);
        const done = await this.actions[action].run(team, endpoint, fields);
        delivery.succeed({ action, ...done }, this.clock.now());
        const data = delivery.snapshot();
        await this.deliveries.saveOutcome(data, stored.attempts);
        return { result: { kind: 'processed', success: true, action, entityId: done.entityId, entityType: done.entityType }, delivery: data };
      });
    } catch (err) {
      if (err instanceof DeliveryTaken) throw err;
      const refused = err instanceof DomainError;
      const message = err instanceof Error && err.message ? err.message : 'Processing failed';
      if (!refused) this.logger.error({ err, deliveryId: stored.id, webhookId: endpoint.id }, 'inbound webhook processing failed');
      const failed = InboundDelivery.restore(stored);
      failed.fail(refused ? message : `Unexpected error: ${message}`, this.clock.now());
      const data = failed.snapshot();
      await this.uow.run(() => this.deliveries.saveOutcome(data, stored.attempts));
      const result: InboundResult = refused
        ? { kind: 'processed', success: false, action, entityId: null, entityType: ENTITY_TYPE_OF[action], error: message }
        : { kind: 'crashed', error: 'Processing failed; the payload was stored and can be replayed' };
      return { result, delivery: data };
    }
  }
}
