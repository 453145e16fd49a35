import { Conflict, DomainError, ValidationFailed } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import {
  DEFAULT_MAX_RECORDS,
  InboundFields,
  TooManyRecords,
  mapInboundRecords,
  requireContactPoint,
} from '../../domain/webhooks/field-mapping';
import { DeliveryWarning, InboundDelivery, InboundDeliveryData } from '../../domain/webhooks/inbound-delivery';
import { InboundDeliveryRepository } from '../../domain/webhooks/inbound-delivery-repository';
import { InboundActionType, WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { Clock } from '../shared/clock';
import { Logger } from '../shared/logger';
import { UnitOfWork } from '../shared/unit-of-work';
import { ENTITY_TYPE_OF, InboundActionResult, InboundActions } from './inbound-action';
import { readInboundBody } from './inbound-body';

/**
 * The answer of the receiver (spec 4.9): `processed` when the action ran to an outcome, successful
 * or refused; `crashed` for an unexpected exception, which the spec answers with only `error`.
 * `duplicate`: the answer is the outcome of an earlier delivery with the same idempotency key.
 */
export type InboundResult =
  | {
      kind: 'processed';
      success: boolean;
      action: InboundActionType;
      entityId: string | null;
      entityType: string;
      error?: string;
      entityIds?: string[];
      warnings?: DeliveryWarning[];
      duplicate?: boolean;
      /** Refused whole for holding more records than a delivery may make (`TooManyRecords`); none was read. */
      tooLarge?: boolean;
    }
  | { kind: 'crashed'; error: string; duplicate?: boolean };

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

export const CRASHED_ANSWER = 'Processing failed; the payload was stored and can be replayed';

/** The answer a settled delivery gave (or gives again, to a redelivery); null while it is unprocessed. */
export const resultOf = (d: InboundDeliveryData): InboundResult | null => {
  if (d.status === 'received') return null;
  if (d.status === 'failed' && d.failure === 'crashed') return { kind: 'crashed', error: CRASHED_ANSWER };
  const entityType = d.entityType ?? ENTITY_TYPE_OF[d.action];
  return d.status === 'succeeded'
    ? { kind: 'processed', success: true, action: d.action, entityId: d.entityId, entityType, entityIds: d.entityIds, warnings: d.warnings }
    : {
        kind: 'processed',
        success: false,
        action: d.action,
        entityId: null,
        entityType,
        error: d.error ?? 'Processing failed',
        entityIds: [],
        warnings: d.warnings,
        ...(d.failure === 'too_large' ? { tooLarge: true } : {}),
      };
};

/** A refusal of one record of several names the record. */
class RecordRefused extends ValidationFailed {}

export interface InboundLimits {
  /** The most records one delivery makes (`INBOUND_MAX_RECORDS`); a payload of more is refused whole. */
  maxRecords: number;
}

/** Why one record of several was left out, said to the sender without what only the operator may read. */
const RECORD_CRASHED = 'not stored: unexpected error';

const hasContactPoint = (fields: InboundFields): boolean => !!(fields.fullName || fields.phone || fields.email);

/**
 * Runs a stored delivery through its endpoint's action and records the outcome. Each record of the
 * payload with a name, phone or e-mail makes one entity; the others are skipped with a warning, and
 * only a payload without any usable record is refused. A payload of more records than `maxRecords` is
 * refused whole before any is read. Each record of several runs in a unit of work of its own inside the
 * delivery's (a savepoint): one the action refuses, or that fails in storage, is undone alone and left
 * out with a warning naming it, and the others are kept; only when none is made is the delivery refused
 * (or crashed). Success is recorded in the same transaction as the records, so a delivery is never
 * marked done without its effect; a failure is recorded after the action's writes were rolled back,
 * together with its `inbound.delivery.failed` event (one transaction: never the one without the other).
 * An attempt first claims the delivery, so two attempts at once cannot both run the action.
 */
export class InboundProcessor {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly deliveries: InboundDeliveryRepository,
    private readonly actions: InboundActions,
    private readonly events: EventLog,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly trigger: DealDispatchTrigger,
    private readonly limits: InboundLimits = { maxRecords: DEFAULT_MAX_RECORDS },
  ) {}

  async process(team: TeamContext, endpoint: WebhookEndpointData, stored: InboundDeliveryData): Promise<ProcessedDelivery> {
    const action = endpoint.actionType;
    const delivery = InboundDelivery.restore(stored);
    // A redelivery of one never processed, whose body was dropped since, has nothing left to run.
    delivery.assertBodyKept();
    // A body that could not be read is read again: this version may read what an older one could not.
    if (stored.bodyError !== null && stored.rawBody !== null) {
      const reading = readInboundBody(stored.rawBody, stored.contentType);
      delivery.reread(reading.payload, reading.error);
    }
    const warnings: DeliveryWarning[] = [];
    try {
      const processed = await this.uow.run(async (): Promise<ProcessedDelivery> => {
        if (!(await this.deliveries.claim(team, stored.id, stored.attempts))) throw new DeliveryTaken();
        const { bodyError } = delivery.snapshot();
        if (bodyError !== null) throw new ValidationFailed(bodyError, 'body');
        const records = mapInboundRecords(delivery.payload, endpoint.fieldMapping, this.limits.maxRecords);
        const several = records.length > 1;
        const usable: { index: number; fields: InboundFields }[] = [];
        records.forEach((record, index) => {
          warnings.push(...record.warnings.map((w) => (several ? { ...w, record: index } : { ...w })));
          if (hasContactPoint(record.fields)) usable.push({ index, fields: record.fields });
          else if (several)
            warnings.push({ field: 'full_name', value: null, reason: 'no name, phone or email: record skipped', record: index });
        });
        if (endpoint.idempotencyPath !== null && stored.idempotencyKey === null) {
          warnings.push({
            field: 'idempotency_path',
            value: endpoint.idempotencyPath,
            reason: 'no id at this path: a redelivery of this payload is not recognised',
          });
        }
        if (usable.length === 0) requireContactPoint(records[0].fields);
        const done = several
          ? await this.runEach(team, endpoint, stored.id, usable, warnings)
          : [await this.actions[action].run(team, endpoint, usable[0].fields)];
        delivery.succeed(
          {
            action,
            entityId: done[0].entityId,
            entityIds: done.map((d) => d.entityId),
            entityType: done[0].entityType,
            warnings,
          },
          this.clock.now(),
        );
        const data = delivery.snapshot();
        await this.deliveries.saveOutcome(data, stored.attempts);
        return { result: resultOf(data)!, delivery: data };
      });
      this.actions[action].afterCommit?.();
      return processed;
    } catch (err) {
      if (err instanceof DeliveryTaken) throw err;
      const refused = err instanceof DomainError;
      const message = err instanceof Error && err.message ? err.message : 'Processing failed';
      if (!refused) this.logger.error({ err, deliveryId: stored.id, webhookId: endpoint.id }, 'inbound webhook processing failed');
      const now = this.clock.now();
      const failed = InboundDelivery.restore(stored);
      failed.reread(delivery.payload, delivery.snapshot().bodyError);
      if (refused) failed.fail(message, now, err instanceof TooManyRecords ? 'too_large' : 'refused', warnings);
      else failed.fail(`Unexpected error: ${message}`, now, 'crashed');
      const data = failed.snapshot();
      const recorded = await this.uow.run(async () => {
        // Another attempt recorded since: its outcome, and its event, stand.
        if (!(await this.deliveries.saveOutcome(data, stored.attempts))) return false;
        await this.events.append(team, [this.events.draft('inbound.delivery.failed', 'inboundDelivery', data.id, data)], now);
        return true;
      });
      if (recorded) this.trigger.kick();
      return { result: resultOf(data)!, delivery: data };
    }
  }

  /**
   * The records of a delivery of several, each in a savepoint: a failed one is undone alone and left out
   * with a warning. When none was made, the first failure is the delivery's (a refusal names its record).
   */
  private async runEach(
    team: TeamContext,
    endpoint: WebhookEndpointData,
    deliveryId: string,
    usable: { index: number; fields: InboundFields }[],
    warnings: DeliveryWarning[],
  ): Promise<InboundActionResult[]> {
    const action = this.actions[endpoint.actionType];
    const done: InboundActionResult[] = [];
    let first: { index: number; err: unknown } | null = null;
    for (const { index, fields } of usable) {
      try {
        done.push(await this.uow.run(() => action.run(team, endpoint, fields)));
      } catch (err) {
        first ??= { index, err };
        if (err instanceof DomainError) {
          const field = typeof err.details?.field === 'string' ? err.details.field : 'record';
          warnings.push({ field, value: null, reason: `not stored: ${err.message}`, record: index });
        } else {
          this.logger.error({ err, deliveryId, webhookId: endpoint.id, record: index }, 'inbound webhook record failed');
          warnings.push({ field: 'record', value: null, reason: RECORD_CRASHED, record: index });
        }
      }
    }
    if (done.length === 0 && first) {
      const { index, err } = first;
      if (err instanceof DomainError) throw new RecordRefused(`record ${index}: ${err.message}`, err.details?.field as string | undefined);
      throw err;
    }
    return done;
  }
}
