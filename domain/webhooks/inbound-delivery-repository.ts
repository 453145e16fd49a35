import { TeamContext } from '../shared/team';
import { InboundDeliveryData } from './inbound-delivery';

export interface InboundDeliveryRepository {
  findById(team: TeamContext, id: string): Promise<InboundDeliveryData | null>;
  /** The team of a delivery, for the operator's replay that names only the delivery. */
  findTeamOf(id: string): Promise<TeamContext | null>;
  /** An endpoint's deliveries, newest first, at most `limit`. */
  listByWebhook(team: TeamContext, webhookId: string, limit: number): Promise<InboundDeliveryData[]>;
  insert(delivery: InboundDeliveryData): Promise<void>;
  update(delivery: InboundDeliveryData): Promise<void>;
}
