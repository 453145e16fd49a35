import { PersonIdentifiers, textHoldsPerson } from '../../../../domain/privacy/person-identifiers';
import { KeysetPage, KeysetQuery } from '../../../../domain/shared/keyset';
import { TeamContext } from '../../../../domain/shared/team';
import { InboundDeliveryData } from '../../../../domain/webhooks/inbound-delivery';
import { DeliveryKeyTaken, InboundDeliveryRepository } from '../../../../domain/webhooks/inbound-delivery-repository';
import { newestFirstPageOf } from '../shared/keyset';
import { MemoryStore } from '../shared/memory-store';
import { oldestFirst } from '../shared/paging';

export class MemoryInboundDeliveryRepository implements InboundDeliveryRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<InboundDeliveryData>('webhook_deliveries');
  }

  async findById(team: TeamContext, id: string): Promise<InboundDeliveryData | null> {
    const d = this.rows.get(id);
    return d && d.teamId === team.teamId ? d : null;
  }

  async findByIdempotencyKey(team: TeamContext, webhookId: string, key: string): Promise<InboundDeliveryData | null> {
    return this.rows.find((d) => d.teamId === team.teamId && d.webhookId === webhookId && d.idempotencyKey === key) ?? null;
  }

  async findTeamOf(id: string): Promise<TeamContext | null> {
    const d = this.rows.get(id);
    return d ? { teamId: d.teamId } : null;
  }

  async listByWebhook(team: TeamContext, webhookId: string, query: KeysetQuery): Promise<KeysetPage<InboundDeliveryData>> {
    return newestFirstPageOf(
      this.rows.filter((d) => d.teamId === team.teamId && d.webhookId === webhookId),
      query,
      (d) => ({ at: d.receivedAt, id: d.id }),
    );
  }

  async listHoldingPerson(team: TeamContext, person: PersonIdentifiers, limit: number): Promise<InboundDeliveryData[]> {
    return oldestFirst(
      this.rows.filter((d) => d.teamId === team.teamId && textHoldsPerson(d.rawBody, person)),
      (d) => d.receivedAt,
      limit,
    );
  }

  async insert(delivery: InboundDeliveryData): Promise<void> {
    // The unique key of the SQL schema: (team_id, webhook_id, idempotency_key), nulls never clash.
    if (delivery.idempotencyKey !== null && (await this.findByIdempotencyKey(delivery, delivery.webhookId, delivery.idempotencyKey))) {
      throw new DeliveryKeyTaken();
    }
    this.rows.set(delivery.id, delivery);
  }

  async claim(team: TeamContext, id: string, expectedAttempts: number): Promise<boolean> {
    const d = await this.findById(team, id);
    return !!d && d.attempts === expectedAttempts && d.status !== 'succeeded';
  }

  async saveOutcome(delivery: InboundDeliveryData, expectedAttempts: number): Promise<boolean> {
    const current = this.rows.get(delivery.id);
    if (!current || current.teamId !== delivery.teamId || current.attempts !== expectedAttempts) return false;
    this.rows.set(delivery.id, delivery);
    return true;
  }
}
