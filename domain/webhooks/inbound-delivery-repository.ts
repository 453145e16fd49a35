import { PersonIdentifiers } from '../privacy/person-identifiers';
import { Conflict } from '../shared/errors';
import { KeysetPage, KeysetQuery } from '../shared/keyset';
import { TeamContext } from '../shared/team';
import { InboundDeliveryData } from './inbound-delivery';

/** Storage refused a delivery whose idempotency key the endpoint already has: it is a redelivery. */
export class DeliveryKeyTaken extends Conflict {
  constructor() {
    super('A delivery with this idempotency key was already received');
  }
}

export interface InboundDeliveryRepository {
  findById(team: TeamContext, id: string): Promise<InboundDeliveryData | null>;
  /** The endpoint's delivery with this idempotency key (the sender's id of the payload). */
  findByIdempotencyKey(team: TeamContext, webhookId: string, key: string): Promise<InboundDeliveryData | null>;
  /** The team of a delivery, for the operator's replay that names only the delivery. */
  findTeamOf(id: string): Promise<TeamContext | null>;
  /** An endpoint's deliveries, newest first (received_at, then id). */
  listByWebhook(team: TeamContext, webhookId: string, query: KeysetQuery): Promise<KeysetPage<InboundDeliveryData>>;
  /**
   * The team's deliveries whose raw body holds one of the person's identifiers (`textHoldsPerson`), in
   * the order they were received, at most `limit`.
   */
  listHoldingPerson(team: TeamContext, person: PersonIdentifiers, limit: number): Promise<InboundDeliveryData[]>;
  /**
   * Throws DeliveryKeyTaken when the endpoint already has a delivery with the same idempotency key:
   * a unique key decides, so of two concurrent redeliveries exactly one is stored.
   */
  insert(delivery: InboundDeliveryData): Promise<void>;
  /**
   * Takes the delivery for one processing attempt, inside the attempt's transaction: true only if it
   * is still at `expectedAttempts` and has not succeeded. The row stays locked until the transaction
   * ends, so of two concurrent replays the second finds the first's outcome and gives up.
   */
  claim(team: TeamContext, id: string, expectedAttempts: number): Promise<boolean>;
  /** Writes an attempt's outcome unless another attempt was recorded since `expectedAttempts`. */
  saveOutcome(delivery: InboundDeliveryData, expectedAttempts: number): Promise<boolean>;
}
