import { TeamContext } from '../shared/team';
import { InboundDeliveryData } from './inbound-delivery';

export interface InboundDeliveryRepository {
  findById(team: TeamContext, id: string): Promise<InboundDeliveryData | null>;
  /** The team of a delivery, for the operator's replay that names only the delivery. */
  findTeamOf(id: string): Promise<TeamContext | null>;
  /** An endpoint's deliveries, newest first, at most `limit`. */
  listByWebhook(team: TeamContext, webhookId: string, limit: number): Promise<InboundDeliveryData[]>;
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
